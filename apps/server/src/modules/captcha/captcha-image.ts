import { randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA, CAPTCHA_IMAGE_PREFIX } from '@khela/contracts';

/**
 * Upper-case letters and digits with every look-alike pair removed (0/O/Q/D, 1/I/L, 2/Z, 5/S,
 * 6/G, 8/B, U/V): answers are case-insensitive, so nothing is lost by showing capitals only.
 */
export const CAPTCHA_ALPHABET = 'ACEFHJKMNPRTWXY3479';

type RenderOptions = NonNullable<Parameters<typeof svgCaptcha.create>[0]>;

/**
 * svg-captcha's module is itself the renderer of a given text; its typings only declare create(),
 * which picks the text with Math.random. The text here comes from crypto.randomInt instead.
 */
const renderText = svgCaptcha as unknown as (text: string, options: RenderOptions) => string;

/**
 * The image carries its own pale background, so it reads the same on the light and the dark
 * theme. svg-captcha's own colours may be pale yellows on it; letters and noise are inked again
 * from dark colours that keep at least 4.5:1 contrast against that background.
 */
const RENDER_OPTIONS: RenderOptions = {
  width: 150,
  height: 50,
  fontSize: 56,
  noise: 3,
  color: true,
  background: '#eef2f7',
};
const INKS = ['#1d4ed8', '#b91c1c', '#047857', '#6d28d9', '#c2410c', '#0f766e', '#334155', '#a21caf'];

function reink(svg: string): string {
  // Letter paths are `<path fill="#…" d=…>`, noise lines carry `stroke="#…"`; the background rect keeps its fill.
  return svg.replace(/(<path fill|stroke)="#[0-9a-f]{3,6}"/gi, (_, attribute: string) => {
    return `${attribute}="${INKS[randomInt(INKS.length)]}"`;
  });
}

export function randomCaptchaAnswer(length: number = CAPTCHA.length): string {
  let answer = '';
  for (let i = 0; i < length; i++) answer += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return answer;
}

/** The answer rendered as an SVG, as a data URL for an <img>. */
export function renderCaptchaImage(answer: string): string {
  const svg = reink(renderText(answer, RENDER_OPTIONS));
  return CAPTCHA_IMAGE_PREFIX + Buffer.from(svg, 'utf8').toString('base64');
}
