// @arco-design/color ships plain JavaScript; these are the two functions the theme uses.
declare module '@arco-design/color' {
  export function generate(
    color: string,
    options: { list: true; dark?: boolean; format?: 'hex' | 'rgb' | 'hsl' },
  ): string[];
  export function getRgbStr(color: string): string;
}
