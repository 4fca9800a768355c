import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/**
 * First content in the first response (decision 131): the home page and the coin pages are sent
 * with their coin table, or their header and chart, already in the HTML, rendered by the web app's
 * own components (apps/web/src/entry-server.tsx, built to `<WEB_DIST_DIR>-ssr/entry-server.mjs`),
 * so a phone shows prices as soon as the HTML and the stylesheet arrive; the app then hydrates that
 * markup (decision 132). Every other page, and these
 * pages when the renderer is missing or fails, get index.html as built.
 *
 * The data come from this server's own API (`app.inject`, the same routes and caches a browser
 * reads); a page is rendered at most once per {@link FIRST_CONTENT_TTL_MS} and path (concurrent
 * requests share one render), so its cost does not grow with the traffic, and with more than
 * {@link FIRST_CONTENT_MAX_PENDING} renders under way other pages go out as index.html.
 *
 * These pages also carry the stylesheet and public/boot.js inline (9 + 3 KB brotli), allowed by
 * their SHA-256 in the page's Content-Security-Policy: the browser paints them after one round
 * trip instead of two (the HTML, then the stylesheet and the blocking boot script).
 */

/** The web app's server renderer (apps/web/src/entry-server.tsx). */
export interface FirstContentRenderer {
  /** API URLs (`/api/...?query`) the first content of `pathname` needs; [] for a page without. */
  firstContentRequests(pathname: string): string[];
  /** Markup of the page and the query state behind it; null when the page cannot render without what is missing. */
  renderFirstContent(pathname: string, answers: { url: string; result: unknown }[]): Promise<{ html: string; state: unknown; mark: string | null } | null>;
}

/** How long (ms) a rendered page is sent again before it is rendered anew with fresh data. */
export const FIRST_CONTENT_TTL_MS = 1_000;

/**
 * Renders in flight (distinct paths) beyond which a page that is not among them is sent as
 * index.html at once: a burst over many coin pages (a crawler) queues no render behind others.
 */
export const FIRST_CONTENT_MAX_PENDING = 8;

/**
 * Start and end of the part of index.html the page's markup replaces: all of `#root` (the static
 * shell), which the web app then hydrates (decision 132).
 */
const SLOT = /<!--first-content-->[\s\S]*?<!--\/first-content-->/;

/** A page as sent: the HTML and its compressed forms, made once per render. */
interface RenderedPage {
  at: number;
  /** CSP sources of the inline stylesheet and script: `{ style: "'sha256-…'", script: "'sha256-…'" }`. */
  hashes: InlineHashes;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Loads the renderer built beside the web app (`<dist>-ssr/entry-server.mjs`); null when it is not
 * there (a build without it, a test's own dist), and the pages are sent as index.html.
 */
export async function loadFirstContentRenderer(dist: string): Promise<FirstContentRenderer | null> {
  const file = path.join(`${dist}-ssr`, 'entry-server.mjs');
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as FirstContentRenderer;
}

/**
 * The first-content pages of `app`: `send(pathname, acceptEncoding)` gives the page's bytes and
 * their Content-Encoding, or null for a page sent as index.html. Never throws: a failed render
 * is logged and the page falls back to index.html.
 */
export function createFirstContentPages(opts: {
  app: FastifyInstance;
  renderer: FirstContentRenderer;
  indexHtml: string;
  now?: () => number;
}) {
  const { app, renderer, indexHtml } = opts;
  const now = opts.now ?? Date.now;
  const pages = new Map<string, RenderedPage>();
  const rendering = new Map<string, Promise<RenderedPage | null>>();
  let template: { mtimeMs: number; page: InlinedPage | null } | null = null;

  const templatePage = (): InlinedPage | null => {
    const stat = fs.statSync(indexHtml, { throwIfNoEntry: false });
    if (!stat) return null;
    if (template?.mtimeMs !== stat.mtimeMs) template = { mtimeMs: stat.mtimeMs, page: inlineAssets(fs.readFileSync(indexHtml, 'utf8'), path.dirname(indexHtml)) };
    return template.page && SLOT.test(template.page.html) ? template.page : null;
  };

  const answer = async (url: string) => {
    const r = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    if (r.statusCode !== 200) return null;
    return { url, result: (JSON.parse(r.body) as { result: unknown }).result };
  };

  const render = async (pathname: string, urls: string[]): Promise<RenderedPage | null> => {
    const inlined = templatePage();
    if (!inlined) return null;
    const html = inlined.html;
    const answers = (await Promise.all(urls.map(answer))).filter((a) => a !== null);
    const content = await renderer.renderFirstContent(pathname, answers);
    if (!content) return null;
    const state = JSON.stringify(content.state).replace(/</g, '\\u003c');
    const page = html
      .replace(SLOT, () => content.html)
      .replace('<html ', () => `<html data-first-content${content.mark ? `="${content.mark}"` : ''} `)
      .replace('</body>', () => `<script type="application/json" id="first-content">${state}</script></body>`);
    const bytes = Buffer.from(page);
    return {
      at: now(),
      hashes: inlined.hashes,
      html: bytes,
      br: brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      gzip: gzipSync(bytes, { level: 6 }),
    };
  };

  return {
    /** The page at `pathname` with its first content, compressed as `acceptEncoding` allows; null: send index.html. */
    async send(pathname: string, acceptEncoding: string | undefined): Promise<{ body: Buffer; encoding: 'br' | 'gzip' | null; hashes: InlineHashes } | null> {
      const urls = renderer.firstContentRequests(pathname);
      if (!urls.length) return null;
      let page = pages.get(pathname);
      if (!page || now() - page.at > FIRST_CONTENT_TTL_MS) {
        let pending = rendering.get(pathname);
        if (!pending && rendering.size >= FIRST_CONTENT_MAX_PENDING) return null;
        if (!pending) {
          pending = render(pathname, urls).catch((err: unknown) => {
            app.log.error({ err, pathname }, 'first content: render failed, index.html sent');
            return null;
          });
          rendering.set(pathname, pending);
          void pending.finally(() => rendering.delete(pathname));
        }
        const fresh = await pending;
        if (!fresh) return null;
        pages.set(pathname, fresh);
        // bounded: one entry per page rendered in the last TTL (old ones dropped as new ones come)
        if (pages.size > 512) for (const [key, p] of pages) if (now() - p.at > FIRST_CONTENT_TTL_MS) pages.delete(key);
        page = fresh;
      }
      const accepts = acceptedEncodings(acceptEncoding);
      if (accepts.has('br')) return { body: page.br, encoding: 'br', hashes: page.hashes };
      if (accepts.has('gzip')) return { body: page.gzip, encoding: 'gzip', hashes: page.hashes };
      return { body: page.html, encoding: null, hashes: page.hashes };
    },
  };
}

/** The content codings an Accept-Encoding header accepts (names in lower case; `q=0` refuses one). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) out.add(name);
  }
  return out;
}

/** CSP sources (`'sha256-…'`) of a page's inline stylesheet and boot script. */
export interface InlineHashes {
  style: string;
  script: string;
}

/** index.html with its stylesheet and boot script inline, and their hashes. */
interface InlinedPage {
  html: string;
  hashes: InlineHashes;
}

/**
 * index.html (built) with `<link rel="stylesheet" href="/assets/….css">` and
 * `<script src="/boot.js"></script>` replaced by their contents from `dist`; null when either is not
 * found (the page is then sent as index.html). The stylesheet has no `url()` (Tailwind's build of the
 * app's own CSS), so its rules mean the same inline.
 */
export function inlineAssets(html: string, dist: string): InlinedPage | null {
  const link = /<link rel="stylesheet"[^>]*href="(\/assets\/[\w.-]+\.css)"[^>]*>/.exec(html);
  const boot = /<script src="\/boot\.js"><\/script>/.exec(html);
  if (!link || !boot) return null;
  const read = (url: string) => fs.readFileSync(path.join(dist, url), 'utf8');
  const css = read(link[1]);
  const js = read('/boot.js');
  if (/url\(/.test(css) || /<\/(style|script)/i.test(css + js)) return null;
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  return {
    html: html.replace(link[0], () => `<style>${css}</style>`).replace(boot[0], () => `<script>${js}</script>`),
    hashes: { style: sha(css), script: sha(js) },
  };
}
