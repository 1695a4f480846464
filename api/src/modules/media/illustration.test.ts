import { describe, expect, it } from 'vitest';
import { illustrationSvg } from './illustration.ts';

const texts = (svg: string) => [...svg.matchAll(/<text [^>]*font-size="(\d+)"[^>]*>([^<]*)<\/text>/g)];

describe('illustrationSvg', () => {
  it('wraps a long title into at most three short lines and keeps the caption on one line', () => {
    const svg = illustrationSvg({
      title: 'A labelled diagram of a channel used as a pipe to a consumer coroutine with backpressure',
      caption: 'Channels and flows: passing values between coroutines without shared mutable state at all',
    });
    const title = texts(svg).filter((m) => m[1] === '44');
    expect(title.length).toBeGreaterThan(1);
    expect(title.length).toBeLessThanOrEqual(3);
    for (const m of title) expect(m[2]!.length).toBeLessThanOrEqual(24);
    expect(title.at(-1)![2]).toMatch(/…$/);
    const caption = texts(svg).filter((m) => m[1] === '22');
    expect(caption).toHaveLength(1);
    expect(caption[0]![2]!.length).toBeLessThanOrEqual(56);
    expect(caption[0]![2]).toMatch(/…$/);
  });

  it('escapes the text it draws', () => {
    const svg = illustrationSvg({ title: 'Generics <T> & bounds', caption: '"quotes" & <tags>' });
    expect(svg).toContain('Generics &lt;T&gt; &amp; bounds');
    expect(svg).toContain('&quot;quotes&quot; &amp; &lt;tags&gt;');
  });
});
