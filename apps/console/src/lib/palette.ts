import { generate, getRgbStr } from '@arco-design/color';

/**
 * Arco's 10-step palette for a primary colour, as the "r,g,b" strings its CSS variables
 * hold. `@arco-design/color` is Arco's own generator (installed with @arco-design/web-react),
 * so a custom theme colour gets exactly the steps Arco's built-in palettes have.
 */
export function primaryPalette(color: string, dark: boolean): string[] {
  try {
    return generate(color, { list: true, dark }).map((step) => getRgbStr(step));
  } catch {
    return generate('#165DFF', { list: true, dark }).map((step) => getRgbStr(step));
  }
}
