// The knowledge graph is a canvas: its nodes are found in its pixels (the e2e clicks one, the bench drags one).
import type { Locator } from '@playwright/test';

export interface DiscOptions {
  /** how far (CSS px) from a pixel its four neighbours must share the node colour: the smallest disc's radius */
  reach: number;
  /** the least distance (CSS px) between two discs reported */
  gap: number;
}

/**
 * The centres (CSS px, relative to the canvas) of the discs drawn in the node colour (`--color-accent`),
 * nearest the canvas centre first.
 */
export function accentDiscs(canvas: Locator, options: DiscOptions): Promise<{ x: number; y: number }[]> {
  return canvas.evaluate((el: HTMLCanvasElement, { reach, gap }) => {
    const { width, height } = el;
    const px = el.getContext('2d')!.getImageData(0, 0, width, height).data;
    const probe = document.createElement('span');
    probe.style.color = getComputedStyle(el).getPropertyValue('--color-accent');
    document.body.append(probe);
    const [r, g, b] = getComputedStyle(probe).color.match(/\d+/g)!.map(Number);
    probe.remove();
    const isNode = (x: number, y: number) => {
      if (x < 0 || y < 0 || x >= width || y >= height) return false;
      const i = (y * width + x) * 4;
      return Math.abs(px[i]! - r!) < 8 && Math.abs(px[i + 1]! - g!) < 8 && Math.abs(px[i + 2]! - b!) < 8;
    };
    const scale = width / el.clientWidth;
    const d = Math.max(1, Math.round(reach * scale));
    const step = Math.min(3, d);
    const found: { x: number; y: number }[] = [];
    for (let y = 0; y < height; y += step)
      for (let x = 0; x < width; x += step)
        if (
          isNode(x, y) &&
          isNode(x + d, y) &&
          isNode(x - d, y) &&
          isNode(x, y + d) &&
          isNode(x, y - d) &&
          found.every((p) => Math.hypot(p.x - x, p.y - y) > gap * scale)
        )
          found.push({ x, y });
    const centre = (p: { x: number; y: number }) => Math.hypot(p.x - width / 2, p.y - height / 2);
    return found.sort((a, b) => centre(a) - centre(b)).map((p) => ({ x: p.x / scale, y: p.y / scale }));
  }, options);
}
