/**
 * A browser's cookie jar behind a fake `document.cookie`, for unit tests of browser code: a write
 * is parsed the way a browser parses it (attributes kept for the test to read; an expiry in the
 * past deletes), a read lists the live cookies as `name=value; …`.
 */
export interface JarCookie {
  value: string;
  attributes: Record<string, string | true>;
}

export function installCookieJar(protocol: 'http:' | 'https:' = 'http:'): {
  jar: Map<string, JarCookie>;
  uninstall: () => void;
} {
  const jar = new Map<string, JarCookie>();
  const g = globalThis as Record<string, unknown>;
  const before = { document: g.document, location: g.location };
  g.location = { protocol };
  g.document = {
    get cookie() {
      return [...jar].map(([name, c]) => `${name}=${c.value}`).join('; ');
    },
    set cookie(line: string) {
      const [pair = '', ...rest] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const attributes: Record<string, string | true> = {};
      for (const part of rest) {
        const [k = '', v] = part.split('=');
        attributes[k.trim().toLowerCase()] = v === undefined ? true : v.trim();
      }
      const expires = attributes.expires;
      if (typeof expires === 'string' && Date.parse(expires) <= Date.now()) jar.delete(name);
      else jar.set(name, { value: pair.slice(eq + 1), attributes });
    },
  };
  return {
    jar,
    uninstall: () => {
      g.document = before.document;
      g.location = before.location;
    },
  };
}
