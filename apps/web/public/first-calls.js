// Issue 3 item 11: the first calls, started before the framework (see src/app/first-screen.ts).
(function () {
  var lang = 'bn';
  try {
    var stored = localStorage.getItem('language');
    if (stored === 'bn' || stored === 'en') lang = stored;
    // The stored theme on the boot cover now, not once the framework has run (src/lib/theme.ts
    // applies it again): a light-theme visitor's cover is light from here on.
    if (localStorage.getItem('theme') === 'light') {
      document.documentElement.dataset.theme = 'light';
      document.documentElement.style.colorScheme = 'light';
    }
  } catch {
    // Storage blocked: the default language and theme.
  }
  function get(url) {
    return fetch(url, { headers: { Language: lang } })
      .then(function (r) {
        return r.json();
      })
      .catch(function () {
        return null;
      });
  }
  var notices = '/wps/relay/MCSFE_getListAnnouncements?' + new URLSearchParams({ types: 'B,PL,PU,PR', platform: 'W' });
  var calls = { '/wps/system/status': get('/wps/system/status') };
  calls[notices] = get(notices);
  calls['/wps/system/helpCenter?lang=' + lang + '&device=WEB'] = get(
    '/wps/system/helpCenter?lang=' + lang + '&device=WEB',
  );
  window.khelaFirstCalls = { language: lang, calls: calls };
  // The chunks the first render waits for, named by the build (vite.config.ts).
  var chunks = (document.currentScript || {}).dataset || {};
  function preload(files) {
    (files || '').split(' ').forEach(function (file) {
      if (!file) return;
      var link = document.createElement('link');
      link.rel = /\.css$/.test(file) ? 'preload' : 'modulepreload';
      if (link.rel === 'preload') link.setAttribute('as', 'style');
      // The build's loader asks for chunks in CORS mode: a preload in another mode is fetched twice.
      link.crossOrigin = '';
      link.href = '/' + file;
      document.head.append(link);
    });
  }
  preload(chunks[lang]);
  if (!/^\/(index(\.html)?|home)?\/?$/.test(location.pathname)) return;
  preload(chunks.home);
  calls[notices].then(function (json) {
    var first = ((json?.success && json.value?.banners?.w_home) || []).slice().sort(function (a, b) {
      return a.sequence - b.sequence;
    })[0];
    if (!first || first.video) return;
    var link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'image');
    link.setAttribute('fetchpriority', 'high');
    link.href = first.url;
    document.head.append(link);
    // Painted in the boot cover while the framework loads; React's first render replaces it in place.
    var boot = document.querySelector('.boot');
    if (!boot) return;
    var image = document.createElement('img');
    image.className = 'boot__banner';
    image.alt = '';
    image.src = first.url;
    boot.append(image);
  });
})();
