// Issue 3 item 11: the first calls, started before the framework (see src/app/first-screen.ts),
// and the framework itself: the build lists the app's scripts, style sheets and font on this tag
// instead of in the HTML (vite.config.ts), and this script asks for them. On a phone's home page
// it asks once the first banner, the largest paint, is on the boot cover, so that paint waits
// for nothing but the HTML, the notices and the image (issue 11).
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
  var help = '/wps/system/helpCenter?lang=' + lang + '&device=WEB';
  var calls = {};
  calls[notices] = get(notices);
  window.khelaFirstCalls = { language: lang, calls: calls };
  // ICU's first use in a page costs 20-30 ms of CPU whatever the locale or options: it was the main
  // thread's, in one task (the §4 popup's first time formatter). ICU's caches are the process's, so
  // a worker pays it now, while this thread waits for the network; the popup's then costs ~0.5 ms.
  try {
    new Worker('/warm-intl.js');
  } catch {
    // No workers (or not allowed): the first formatter pays it, as before.
  }
  // The files the first render needs, named by the build (vite.config.ts).
  var files = (document.currentScript || {}).dataset || {};
  var isHome = /^\/(index(\.html)?|home)?\/?$/.test(location.pathname);

  function link(rel, file) {
    var element = document.createElement('link');
    element.rel = rel;
    // The build's loader asks for chunks in CORS mode: a preload in another mode is fetched twice.
    element.crossOrigin = '';
    element.href = '/' + file;
    document.head.append(element);
    return element;
  }
  function each(list, action) {
    (list || '').split(' ').forEach(function (file) {
      if (file) action(file);
    });
  }
  function preload(file) {
    if (/\.css$/.test(file)) link('preload', file).setAttribute('as', 'style');
    else if (/\.woff2$/.test(file)) link('preload', file).setAttribute('as', 'font');
    else link('modulepreload', file);
  }

  // Issue 11: one request a task. Asking for the fourteen files at once made one task of 20-100 ms
  // (4.5-7.5 ms of it this thread's own work), the longest Lighthouse counted (313 ms at its 4x): each
  // request wakes the network service and the server, which took the main thread's turn within it.
  var queue = [];
  var post =
    window.scheduler && scheduler.postTask
      ? function (step) {
          scheduler.postTask(step);
        }
      : // setTimeout beyond five nested calls waits 4 ms each time.
        function (step) {
          setTimeout(step);
        };
  function next() {
    queue.shift()();
    if (queue.length) post(next);
  }
  function later(step) {
    if (queue.push(step) === 1) post(next);
  }

  var started = false;
  function startApp() {
    if (started) return;
    started = true;
    later(function () {
      calls['/wps/system/status'] = get('/wps/system/status');
    });
    later(function () {
      calls[help] = get(help);
    });
    // The scripts run once the shell's style sheets are in, so the first render is styled (the
    // HTML's own module scripts would have waited for them the same way).
    var waiting = 1;
    function run() {
      if (--waiting > 0) return;
      each(files.scripts, function (file) {
        var script = document.createElement('script');
        script.type = 'module';
        script.crossOrigin = '';
        script.src = '/' + file;
        document.head.append(script);
      });
    }
    each(files.styles, function (file) {
      waiting++;
      later(function () {
        var sheet = link('stylesheet', file);
        sheet.onload = sheet.onerror = run;
      });
    });
    [files.scripts, files.font, files[lang], isHome && files.home].forEach(function (list) {
      each(list, function (file) {
        later(function () {
          preload(file);
        });
      });
    });
    later(run);
  }

  var phone = !window.matchMedia || !window.matchMedia('(min-width: 640px)').matches;
  if (!isHome || !phone || document.visibilityState === 'hidden') return startApp();
  // However the notices or the banner fare, the framework is not held back for long.
  setTimeout(startApp, 2500);
  calls[notices].then(function (json) {
    var first = ((json?.success && json.value?.banners?.w_home) || []).slice().sort(function (a, b) {
      return a.sequence - b.sequence;
    })[0];
    var boot = document.querySelector('.boot');
    if (!first || first.video || !boot) return startApp();
    // Painted in the boot cover before the framework loads; React's first render replaces it in
    // place (the same box as .home's first .banner), so it stays the largest paint.
    var image = document.createElement('img');
    image.className = 'boot__banner';
    image.alt = '';
    image.setAttribute('fetchpriority', 'high');
    image.onload = function () {
      // Once it is painted: a frame, then a task after it.
      requestAnimationFrame(function () {
        setTimeout(startApp);
      });
    };
    image.onerror = startApp;
    image.src = first.url;
    boot.append(image);
  });
})();
