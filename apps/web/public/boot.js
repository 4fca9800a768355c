// Runs before the app's modules and before first paint, as a blocking classic script from
// index.html (a file, not inline: the Content-Security-Policy allows no inline script).
(function () {
  var html = document.documentElement;
  // The stored theme and the URL's language (no flash of the wrong theme).
  try {
    var t = localStorage.getItem('theme');
    html.setAttribute('data-theme', t === 'dark' ? 'dark' : 'light');
  } catch {}
  var parts = location.pathname.split('/');
  var seg = parts[1];
  if (seg === 'zh-CN' || seg === 'en-US') html.setAttribute('lang', seg);
  // Rise/fall colours (lib/price-colors.ts): the stored choice, else red-up for zh-CN, green-up otherwise.
  var pc = null;
  try {
    pc = localStorage.getItem('priceColors');
  } catch {}
  html.setAttribute('data-price-colors', pc === 'red-up' || pc === 'green-up' ? pc : seg === 'zh-CN' ? 'red-up' : 'green-up');
  // The page's first data, requested now, in parallel with the stylesheet and the JavaScript
  // (which the app needs ~1-2 s to fetch and start on a phone): the home page's coin table, the coin
  // page's detail and its chart's candles (1h, the chart's first timeframe). lib/api.ts takes each
  // answer once, for a GET of exactly this URL, instead of asking again; an answer nobody took
  // within a minute is dropped.
  var prefetched = {};
  var token = null;
  try {
    token = localStorage.getItem('token');
  } catch {}
  var get = function (url) {
    var headers = { Accept: 'application/json' };
    // the signed-in user's token, as lib/api.ts would send it (lib/session.ts TOKEN_KEY)
    if (token) headers.Authorization = 'Bearer ' + token;
    return fetch(url, { headers: headers, credentials: 'same-origin' }).then(function (r) {
      return r.text().then(function (text) {
        return { status: r.status, text: text };
      });
    });
  };
  // `after` (optional): a promise of whether to ask at all; an answer of undefined makes lib/api.ts
  // ask the server itself
  var prefetch = function (url, after) {
    if (!window.fetch) return null;
    prefetched[url] = {
      at: Date.now(),
      answer: after
        ? after.then(function (ok) {
            return ok ? get(url) : undefined;
          })
        : get(url),
    };
    prefetched[url].answer.catch(function () {});
    return prefetched[url].answer;
  };
  var page = parts.slice(2).join('/').replace(/\/$/, '');
  var urlLang = seg === 'zh-CN' || seg === 'en-US' ? seg : null;
  // A page the server sent with its first content (<html data-first-content>, the server's
  // platform/first-content.ts) has these answers in it already (the #first-content block).
  var served = html.hasAttribute('data-first-content');
  if (urlLang && !served && page === 'home') prefetch('/api/crypto/all');
  var coinRoute = /^crypto\/([a-z0-9-]+)$/.exec(page);
  if (urlLang && !served && coinRoute) {
    var detail = prefetch('/api/crypto/' + coinRoute[1] + '/detail');
    // the candles once the detail says the coin has a 1h series (a coin without market data, such as
    // SHIB in the replay, has no chart: asking would only log a 404)
    if (detail)
      prefetch(
        '/api/crypto/cmc_historical?coin=' + coinRoute[1] + '&timeframe=1h&limit=500',
        detail.then(function (a) {
          try {
            var tfs = a.status === 200 ? JSON.parse(a.text).result.timeframes : null;
            return !!tfs && tfs.indexOf('1h') >= 0;
          } catch {
            return false;
          }
        }),
      );
  }
  window.__coinlensPrefetch = prefetched;
  // The static shell of index.html (and the cookie banner the server renders in its place on the
  // home and coin pages): no header on the pages that have none (routes.tsx hideHeader),
  // no cookie banner once accepted, and its Accept button stores the consent before the app runs
  // (the app's own banner then stays closed; lib/session.ts reports it to the server when signed in).
  if (/^(login|register|auth)$/.test(parts[2] || '')) html.setAttribute('data-boot-bare', '');
  var accepted = false;
  try {
    accepted = localStorage.getItem('isCookieAccepted') === 'Yes';
  } catch {}
  if (accepted) html.setAttribute('data-cookies', 'accepted');
  document.addEventListener('click', function (e) {
    var target = e.target;
    if (!target || !target.closest || !target.closest('[data-boot-accept]')) return;
    try {
      localStorage.setItem('isCookieAccepted', 'Yes');
    } catch {}
    html.setAttribute('data-cookies', 'accepted');
  });
  // The app's modules (build only: the #boot-modules data at the end of index.html, written by
  // boot-plugin.ts): the entry, its imports and the code and translations of the page the URL
  // names, requested together once the static shell is painted (two animation frames), or at once
  // in a hidden tab (no frames).
  var PRELOAD_SLICE_MS = 8;
  var started = false;
  var start = function () {
    var dataEl = document.getElementById('boot-modules');
    if (started || !dataEl) return;
    started = true;
    var data = JSON.parse(dataEl.textContent);
    var locales = data.locales[html.getAttribute('lang')] || {};
    var urls = data.modules.slice();
    var namespaces = data.core.slice();
    var rest = parts.slice(2).join('/').replace(/\/$/, '');
    for (var i = 0; i < data.routes.length; i++) {
      if (new RegExp('^' + data.routes[i][0].replace(/:\w+/g, '[^/]+') + '$').test(rest)) {
        urls = urls.concat(data.routes[i][1]);
        namespaces = namespaces.concat(data.routes[i][2]);
        break;
      }
    }
    for (var n = 0; n < namespaces.length; n++) if (locales[namespaces[n]]) urls.push(locales[namespaces[n]]);
    var script = document.createElement('script');
    script.type = 'module';
    script.src = data.entry;
    document.head.appendChild(script);
    // The preloads in tasks of at most PRELOAD_SLICE_MS each: every <link> starts its request
    // synchronously (0.1-0.5 ms each on a desktop, now and then ~10 ms), and ~30 of them at once made
    // one task of ~220 ms at 4x CPU throttling, which blocked the page's first input.
    var next = 0;
    var preload = function () {
      var sliceStart = performance.now();
      while (next < urls.length) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = urls[next++];
        document.head.appendChild(link);
        if (performance.now() - sliceStart > PRELOAD_SLICE_MS) break;
      }
      if (next < urls.length) setTimeout(preload, 0);
    };
    preload();
  };
  var afterPaint = function () {
    if (document.visibilityState === 'hidden') return start();
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    });
  };
  // The data block comes last in the document: start once it is parsed (DOMContentLoaded).
  document.addEventListener('DOMContentLoaded', afterPaint);
  // The first-content mark of a page the server sent with its prices or its chart in the HTML
  // (lib/perf-marks.ts; <html data-first-content="coinlens:prices">): set at the time the browser
  // reports the element named so (elementtiming, lib/perf-marks.ts elementTiming) was painted; where
  // the Element Timing API is missing, in the first animation frame after the document is parsed.
  // The app's own mark then does nothing.
  var firstMark = html.getAttribute('data-first-content');
  var markOnce = function (startTime) {
    if (performance.getEntriesByName(firstMark, 'mark').length) return;
    if (startTime == null) performance.mark(firstMark);
    else performance.mark(firstMark, { startTime: startTime });
  };
  if (firstMark && window.performance && performance.mark) {
    var timed = false;
    try {
      timed = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes.indexOf('element') >= 0;
    } catch {}
    if (timed) {
      var observer = new PerformanceObserver(function (list) {
        var entries = list.getEntries();
        for (var k = 0; k < entries.length; k++) {
          if (entries[k].identifier !== firstMark) continue;
          markOnce(entries[k].renderTime || entries[k].loadTime);
          observer.disconnect();
          return;
        }
      });
      observer.observe({ type: 'element', buffered: true });
    } else if (window.requestAnimationFrame)
      document.addEventListener('DOMContentLoaded', function () {
        requestAnimationFrame(function () {
          markOnce(null);
        });
      });
  }
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden' && document.readyState !== 'loading') start();
  });
  // The browser UI colour (<meta name="theme-color">, also the installed app's title bar) follows
  // the theme: the header's surface colour of light or dark, now and on every change of data-theme.
  var themeColor = function () {
    var meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.setAttribute('content', html.getAttribute('data-theme') === 'dark' ? '#121826' : '#ffffff');
  };
  themeColor();
  if (window.MutationObserver) new MutationObserver(themeColor).observe(html, { attributes: true, attributeFilter: ['data-theme'] });
  // The service worker of Web Push and the installable app (public/sw.js), in the built app only
  // (the #boot-modules block exists only there), once the page has loaded.
  window.addEventListener('load', function () {
    if ('serviceWorker' in navigator && document.getElementById('boot-modules')) navigator.serviceWorker.register('/sw.js').catch(function () {});
  });
  // Zod 4 probes `new Function` (its JIT) when a schema is created, a CSP violation without
  // 'unsafe-eval'. Its global config must say `jitless` before the first schema exists, that is
  // before any module runs; validation is the same without the JIT.
  globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
})();
