/** French typography: a no-break space before ? ! : ; » and after «, so no line of a phone screen starts with "?". */
export function nbsp(text: string): string {
  return text.replace(/ ([?!:;»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');
}
