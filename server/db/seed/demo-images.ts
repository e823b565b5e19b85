import sharp from 'sharp';

const WIDTH = 1200;
const HEIGHT = 900;

/** A small stable number from the label, so each demo ad keeps the same picture across seeds. */
function labelHash(label: string): number {
  let hash = 0;
  for (const char of label) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash;
}

/** One large, calm figure centred near (x, y); the label picks which. */
function figure(shapeIndex: number, x: number, y: number, fill: string): string {
  switch (shapeIndex) {
    case 0:
      return `<circle cx="${x}" cy="${y}" r="260" fill="${fill}"/>`;
    case 1:
      return `<rect x="${x - 240}" y="${y - 240}" width="480" height="480" rx="72" fill="${fill}" transform="rotate(12 ${x} ${y})"/>`;
    case 2:
      return `<path d="M ${x} ${y - 290} L ${x + 280} ${y + 200} L ${x - 280} ${y + 200} Z" fill="${fill}" stroke="${fill}" stroke-width="60" stroke-linejoin="round"/>`;
    default:
      return `<ellipse cx="${x}" cy="${y}" rx="320" ry="200" fill="${fill}" transform="rotate(-18 ${x} ${y})"/>`;
  }
}

/**
 * A pleasant stand-in photo for demo ads: a soft gradient in the given hue with one large simple
 * shape and a lighter companion. No text, since the fonts available to the renderer vary.
 */
export async function demoImage(label: string, hue: number): Promise<Buffer> {
  const hash = labelHash(label);
  const x = 480 + (hash % 240);
  const y = 420 + ((hash >>> 8) % 80);
  const companionX = x < WIDTH / 2 ? WIDTH - 230 : 230;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue}, 70%, 92%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 35) % 360}, 55%, 72%)"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.4" r="0.6">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>
  <ellipse cx="${x}" cy="${y + 330}" rx="300" ry="36" fill="hsl(${hue}, 40%, 35%)" fill-opacity="0.18"/>
  ${figure(hash % 4, x, y, `hsl(${hue}, 55%, 48%)`)}
  <circle cx="${companionX}" cy="${200 + ((hash >>> 16) % 120)}" r="90" fill="hsl(${(hue + 180) % 360}, 60%, 80%)" fill-opacity="0.7"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
}
