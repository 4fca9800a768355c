// Runs before the app's modules and before first paint, as a blocking classic script from
// index.html (a file, not inline: the Content-Security-Policy allows no inline script).
(function () {
  // The stored theme and the URL's language (no flash of the wrong theme).
  try {
    var t = localStorage.getItem('theme');
    document.documentElement.setAttribute('data-theme', t === 'dark' ? 'dark' : 'light');
  } catch {}
  var seg = location.pathname.split('/')[1];
  if (seg === 'zh-CN' || seg === 'en-US') document.documentElement.setAttribute('lang', seg);
  // Zod 4 probes `new Function` (its JIT) when a schema is created, a CSP violation without
  // 'unsafe-eval'. Its global config must say `jitless` before the first schema exists, that is
  // before any module runs; validation is the same without the JIT.
  globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
})();
