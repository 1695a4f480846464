// force-graph and float-tooltip inject their CSS as a <style> element when loaded. The site's CSP refuses
// <style> elements that are not ours (style-src-elem), so the call is dropped and the same rules live in
// knowledge-base.module.css.
module.exports = function stripStyleInject(source) {
  return source.replace(/^styleInject\(css_248z\);$/m, '');
};
