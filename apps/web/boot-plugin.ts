import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Build steps for the first paint (Lighthouse mobile):
 *
 * 1. The texts of index.html's static shell come from the translations: the part between
 *    `<!--each-lang-->` and `<!--/each-lang-->` is repeated once per language folder of
 *    src/locales, `{{lang}}` replaced by the language (`en-US`) and `{{ns:key.path}}` by the
 *    HTML-escaped string at `key.path` of `src/locales/{lang}/{ns}.json`. A missing key fails the build.
 * 2. (build only) The app's modules are not requested from the HTML: Vite's entry `<script>` and
 *    `<link rel="modulepreload">` tags are replaced by a JSON data block at the end of `<body>`
 *    (`#boot-modules`, not executed, so the CSP needs no hash) that `public/boot.js` reads. boot.js requests the entry, its
 *    imports, and the code and translation chunks of the page the URL names, all at once and right
 *    after the shell is painted: the shell's paint does not wait for (or share the network with) the
 *    JavaScript, and the page's chunks do not wait for the entry to run.
 *
 * The data block: `{ entry, modules, locales: {lang: {namespace: url}}, core: [namespace],
 * routes: [[path pattern below /:lang (react-router syntax), [module url], [namespace]]] }`; a route's
 * modules are its page chunk's static imports plus the lazy chunks of its first content
 * (ROUTE_LAZY_PRELOADS) and theirs; the
 * routes, their page modules and namespaces are read from src/app/routes.tsx (`page(...)` calls and
 * the `PAGES` table) and src/app/route-meta.ts (the paths); a route whose page cannot be resolved is left out (it loads as before).
 */
export function bootPlugin(): Plugin[] {
  const webDir = path.dirname(fileURLToPath(import.meta.url));
  const localesDir = path.join(webDir, 'src', 'locales');
  const langs = () => readdirSync(localesDir).sort();
  const text = (lang: string, ns: string, key: string): string => {
    const json = JSON.parse(readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>;
    const value = key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), json);
    if (typeof value !== 'string') throw new Error(`index.html: no translation ${ns}:${key} in ${lang}`);
    return escapeHtml(value);
  };
  return [
    {
      name: 'coinlens-boot-shell',
      transformIndexHtml: {
        order: 'pre',
        handler(html) {
          return html.replace(/<!--each-lang-->([\s\S]*?)<!--\/each-lang-->/g, (_, block: string) =>
            langs()
              .map((lang) => block.replace(/\{\{lang\}\}/g, lang).replace(/\{\{(\w+):([\w.]+)\}\}/g, (_m, ns: string, key: string) => text(lang, ns, key)))
              .join(''),
          );
        },
      },
    },
    {
      name: 'coinlens-boot-modules',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html, ctx) {
          if (!ctx.bundle) return html; // dev server: Vite serves the modules itself
          const entryTag = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
          if (!entryTag) throw new Error('index.html: the entry <script type="module"> was not found');
          const modules: string[] = [];
          const out = html.replace(entryTag[0], '').replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
            modules.push(href);
            return '';
          });
          const data = bootData(ctx.bundle, webDir, langs(), entryTag[1], modules, (m) => this.warn(m));
          // At the end of <body>: the static shell comes first in the document (and in its first paint).
          const block = `  <script type="application/json" id="boot-modules">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>\n  `;
          if (!out.includes('</body>')) throw new Error('index.html: </body> was not found');
          return out.replace('</body>', `${block}</body>`);
        },
      },
    },
  ];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type Bundle = NonNullable<Parameters<Extract<NonNullable<Plugin['transformIndexHtml']>, { handler: unknown }>['handler']>[1]['bundle']>;

/**
 * Lazily imported chunks that are part of a route's first content, preloaded with the route's own
 * chunks: route path (route-meta.ts) → source modules below src/. The coin page's chart library
 * (lightweight-charts, ~53 KB on the wire) is imported when the chart panel mounts, that is after
 * the page's code has run and rendered: on a phone under Lighthouse throttling its request started
 * ~8 s after the page's other chunks, and the chart (the page's first content) waited for it.
 */
const ROUTE_LAZY_PRELOADS: Record<string, string[]> = {
  'crypto/:id': ['components/charts/KlineChart.tsx'],
};

/** The `#boot-modules` data of the built app (see bootPlugin). */
export function bootData(bundle: Bundle, webDir: string, langs: string[], entry: string, modules: string[], warn: (m: string) => void) {
  const byModule = new Map<string, { fileName: string; imports: string[] }>();
  for (const out of Object.values(bundle)) {
    if (out.type === 'chunk' && out.facadeModuleId) byModule.set(path.normalize(out.facadeModuleId), { fileName: out.fileName, imports: out.imports });
  }
  const chunks = new Map<string, string[]>();
  for (const out of Object.values(bundle)) if (out.type === 'chunk') chunks.set(out.fileName, out.imports);
  const url = (fileName: string) => `/${fileName}`;
  const initial = new Set([entry, ...modules]);
  /** A chunk and its static imports, less what the entry loads anyway. */
  const closure = (fileName: string): string[] => {
    const seen = new Set<string>();
    const walk = (f: string) => {
      if (seen.has(f)) return;
      seen.add(f);
      for (const i of chunks.get(f) ?? []) walk(i);
    };
    walk(fileName);
    return [...seen].map(url).filter((u) => !initial.has(u));
  };

  const locales: Record<string, Record<string, string>> = {};
  for (const lang of langs) {
    locales[lang] = {};
    for (const file of readdirSync(path.join(webDir, 'src', 'locales', lang))) {
      const chunk = byModule.get(path.join(webDir, 'src', 'locales', lang, file));
      if (chunk) locales[lang][file.replace(/\.json$/, '')] = url(chunk.fileName);
    }
  }

  const appDir = path.join(webDir, 'src', 'app');
  const routesSrc = readFileSync(path.join(appDir, 'routes.tsx'), 'utf8');
  const i18nSrc = readFileSync(path.join(appDir, 'i18n.ts'), 'utf8');
  const names = (list: string) => [...list.matchAll(/'([a-zA-Z-]+)'/g)].map((m) => m[1]);
  const core = /CORE_NAMESPACES[^=]*=\s*\[([^\]]*)\]/.exec(i18nSrc);
  if (!core) throw new Error('app/i18n.ts: CORE_NAMESPACES not found');

  // `const authPages = () => import('../features/auth/AuthPages');` and `const AUTH_NS: Namespace[] = ['auth', 'pages'];`
  const loaders = new Map([...routesSrc.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)].map((m) => [m[1], m[2]]));
  const nsLists = new Map([...routesSrc.matchAll(/const (\w+)(?::\s*Namespace\[\])? = (\[[^\]]*\]);/g)].map((m) => [m[1], names(m[2])]));
  // `const HomePage = page(() => import('../features/home/HomePage'), (m) => m.default, ['home', 'feeds']);`
  const pages = new Map<string, { src: string; ns: string[] }>();
  for (const m of routesSrc.matchAll(/const (\w+) = page\(\s*(?:\(\) => import\('([^']+)'\)|(\w+))\s*,[^,]*,\s*(\[[^\]]*\]|\w+)\s*\)/g)) {
    const src = m[2] ?? loaders.get(m[3]);
    const ns = m[4].startsWith('[') ? names(m[4]) : nsLists.get(m[4]);
    if (src && ns) pages.set(m[1], { src, ns });
  }
  const routes: Array<[string, string[], string[]]> = [];
  // route paths from app/route-meta.ts (`{ name: 'home', path: 'home', … }`), their pages from the
  // `PAGES` table of routes.tsx (`home: HomePage,`)
  const metaSrc = readFileSync(path.join(appDir, 'route-meta.ts'), 'utf8');
  const table = /const PAGES[^=]*=\s*\{([^}]*)\}/.exec(routesSrc);
  const pageOf = new Map([...(table?.[1] ?? '').matchAll(/(\w+):\s*(\w+)/g)].map((m) => [m[1], m[2]]));
  for (const m of metaSrc.matchAll(/\{\s*name: '(\w+)', path: '([^']+)'/g)) {
    const component = pageOf.get(m[1]) ?? '';
    const page = pages.get(component);
    const chunk = page && ['.tsx', '.ts'].map((ext) => byModule.get(path.join(appDir, page.src + ext))).find(Boolean);
    if (!page || !chunk) {
      warn(`boot preloads: the page of route '${m[2]}' (${component || m[1]}) was not found; it loads without preloads`);
      continue;
    }
    const lazy = (ROUTE_LAZY_PRELOADS[m[2]] ?? []).map((src) => {
      const c = byModule.get(path.join(webDir, 'src', src));
      if (!c) throw new Error(`boot preloads: ${src} (ROUTE_LAZY_PRELOADS of '${m[2]}') is not a chunk of the build`);
      return c.fileName;
    });
    routes.push([m[2], [...new Set([chunk.fileName, ...lazy].flatMap(closure))], page.ns]);
  }
  if (routes.length === 0) throw new Error('app/routes.tsx: no route could be read for the boot preloads');
  return { entry, modules, locales, core: names(core[1]), routes };
}
