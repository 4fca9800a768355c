// Apply the stored theme and the URL's language before first paint (no flash). Loaded as a
// blocking classic script from index.html: the Content-Security-Policy allows no inline script.
(function () {
  try {
    var t = localStorage.getItem('theme');
    document.documentElement.setAttribute('data-theme', t === 'dark' ? 'dark' : 'light');
  } catch {}
  var seg = location.pathname.split('/')[1];
  if (seg === 'zh-CN' || seg === 'en-US') document.documentElement.setAttribute('lang', seg);
})();
