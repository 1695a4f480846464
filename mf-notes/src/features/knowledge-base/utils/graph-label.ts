// force-graph's hover label (float-tooltip) sets a string as innerHTML and appends an element as it is: a note's
// title, which may come from someone else's archive, goes in as an element's text so it is never markup.

/** The hover label of a graph node: its title as a text node, shown literally. */
export function graphLabel(title: string): HTMLElement {
  const label = document.createElement('span');
  label.textContent = title;
  return label;
}
