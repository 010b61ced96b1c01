/** A small inline SVG line chart with optional point markers: no script, no external resources. */

export interface Series {
  readonly name: string;
  readonly color: string;
  /** [time ms, value]; null values are gaps. */
  readonly points: readonly (readonly [number, number | null])[];
}

export interface Marker {
  readonly time: number;
  readonly value: number;
  readonly kind: 'buy' | 'sell';
}

const WIDTH = 900;
const HEIGHT = 260;
const LEFT = 90;
const RIGHT = 20;
const TOP = 20;
const BOTTOM = 30;

export function lineChart(
  title: string,
  series: readonly Series[],
  markers: readonly Marker[] = [],
  formatTime: (ms: number) => string = String,
): string {
  const times = series.flatMap((s) => s.points.map(([time]) => time));
  const values = [
    ...series.flatMap((s) => s.points.map(([, value]) => value).filter((v) => v !== null)),
    ...markers.map((marker) => marker.value),
  ];
  if (times.length === 0 || values.length === 0)
    return `<h3>${escapeHtml(title)}</h3><p>No data.</p>`;
  const [t0, t1] = extent(times);
  let [v0, v1] = extent(values);
  if (v0 === v1) [v0, v1] = [v0 - 1, v1 + 1];
  const x = (time: number) =>
    (LEFT + ((time - t0) / (t1 - t0 || 1)) * (WIDTH - LEFT - RIGHT)).toFixed(1);
  const y = (value: number) =>
    (TOP + (1 - (value - v0) / (v1 - v0)) * (HEIGHT - TOP - BOTTOM)).toFixed(1);
  const paths = series.map((s) => {
    let d = '';
    let pen = 'M';
    for (const [time, value] of s.points) {
      if (value === null) pen = 'M';
      else {
        d += `${pen}${x(time)},${y(value)}`;
        pen = 'L';
      }
    }
    return `<path d="${d}" fill="none" stroke="${s.color}" stroke-width="1.5"><title>${escapeHtml(s.name)}</title></path>`;
  });
  const marks = markers.map((marker) => {
    const [cx, cy] = [Number(x(marker.time)), Number(y(marker.value))];
    const tip = marker.kind === 'buy' ? [cy - 5, cy + 4] : [cy + 5, cy - 4];
    const color = marker.kind === 'buy' ? '#1a7f37' : '#cf222e';
    return `<path d="M${cx},${tip[0]}L${cx - 4},${tip[1]}L${cx + 4},${tip[1]}Z" fill="${color}" fill-opacity="0.7"/>`;
  });
  const label = (text: string, lx: number | string, ly: number | string, anchor: string) =>
    `<text x="${lx}" y="${ly}" text-anchor="${anchor}" font-size="11">${escapeHtml(text)}</text>`;
  const legend = series
    .map((s) => `<span style="color:${s.color}">&#9632; ${escapeHtml(s.name)}</span>`)
    .join(' ');
  return (
    `<h3>${escapeHtml(title)}</h3><div class="legend">${legend}</div>` +
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">` +
    `<rect x="${LEFT}" y="${TOP}" width="${WIDTH - LEFT - RIGHT}" height="${HEIGHT - TOP - BOTTOM}" fill="none" stroke="#ccc"/>` +
    label(compact(v1), LEFT - 6, TOP + 4, 'end') +
    label(compact(v0), LEFT - 6, HEIGHT - BOTTOM, 'end') +
    label(formatTime(t0), LEFT, HEIGHT - 10, 'start') +
    label(formatTime(t1), WIDTH - RIGHT, HEIGHT - 10, 'end') +
    paths.join('') +
    marks.join('') +
    `</svg>`
  );
}

function extent(values: readonly number[]): [number, number] {
  let [low, high] = [Infinity, -Infinity];
  for (const value of values) {
    if (value < low) low = value;
    if (value > high) high = value;
  }
  return [low, high];
}

/** An axis label: a few significant digits (a label, not a money figure). */
function compact(value: number): string {
  return Number(value.toPrecision(8)).toString();
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
