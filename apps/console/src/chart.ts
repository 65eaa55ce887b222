/** The points of a line chart of `values` in a `width`×`height` box (y grows downwards), and its scale. */
export function linePoints(values: readonly number[], width: number, height: number, padding = 4) {
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const step = values.length > 1 ? (width - 2 * padding) / (values.length - 1) : 0;
  const points = values.map((value, i) => ({
    x: padding + i * step,
    y: padding + ((max - value) / span) * (height - 2 * padding),
  }));
  const zeroY = padding + (max / span) * (height - 2 * padding);
  return { points, max, min, zeroY };
}

export function pathOf(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');
}
