/** An attribute of server markup as the browser reads it: unescaped, then parsed as JSON. */
export function jsonAttribute(markup: string, name: string): unknown {
  const value = new RegExp(`${name}="([^"]*)"`).exec(markup)?.[1];
  if (value === undefined) throw new Error(`no ${name} attribute in the markup`);
  return JSON.parse(
    value
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&'),
  );
}
