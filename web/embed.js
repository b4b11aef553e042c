// quirkat's embed loader: include this script and write
//   <div class="quirkat-board" data-ruleset="srand" data-moves="e4-e5 e6xe4" data-mode="replay"></div>
// and each such div gets an iframe of embed.html (from where this script came) with every data-
// attribute as a parameter (data-option-limit="50" is option.limit=50), loading="lazy", a title, and
// its height kept to the board's. Every message of the embed is dispatched on the div as a DOM event
// of the same type (`quirkat:ready`, `quirkat:move`, ...; the message in `event.detail`), and
// `div.quirkat.send(command)` sends it a command. The embed only talks to this page's origin.
// No dependencies. The contract is docs/embedding.md.
(function () {
  'use strict';
  var script = document.currentScript;
  var embedUrl = new URL('embed.html', script ? script.src : location.href);
  var frames = [];

  function paramName(key) {
    // dataset turns data-option-drop_ends_turn into optionDrop_ends_turn
    if (key.length > 6 && key.indexOf('option') === 0) {
      return 'option.' + key.charAt(6).toLowerCase() + key.slice(7);
    }
    return key;
  }

  function mount(div) {
    if (div.quirkat) return div.quirkat;
    var params = new URLSearchParams();
    Object.keys(div.dataset).forEach(function (key) {
      if (key !== 'title' && key !== 'height') params.set(paramName(key), div.dataset[key]);
    });
    params.set('parentOrigin', location.origin);
    var frame = document.createElement('iframe');
    frame.src = embedUrl.href + '?' + params.toString().replace(/%20/g, '+');
    frame.loading = 'lazy';
    frame.title = div.dataset.title || 'quirkat: a ' + (div.dataset.ruleset || 'game') + ' board';
    frame.setAttribute('allow', 'clipboard-write');
    frame.style.cssText = 'display:block;width:100%;border:0;overflow:hidden;';
    // until the board says its height: about square, as most boards are
    frame.style.height = (div.dataset.height || Math.round((div.clientWidth || 400) * 1.1)) + 'px';
    div.appendChild(frame);
    var api = {
      frame: frame,
      send: function (command) {
        if (frame.contentWindow) frame.contentWindow.postMessage(command, embedUrl.origin);
      },
    };
    div.quirkat = api;
    frames.push({ div: div, frame: frame });
    return api;
  }

  function scan(root) {
    var divs = (root || document).querySelectorAll('.quirkat-board');
    for (var i = 0; i < divs.length; i++) mount(divs[i]);
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== embedUrl.origin) return;
    var data = event.data;
    if (!data || typeof data.type !== 'string' || data.type.indexOf('quirkat:') !== 0) return;
    for (var i = 0; i < frames.length; i++) {
      var f = frames[i];
      if (f.frame.contentWindow !== event.source) continue;
      if (data.type === 'quirkat:resize' && typeof data.height === 'number' && data.height > 0) {
        f.frame.style.height = Math.ceil(data.height) + 'px';
      }
      f.div.dispatchEvent(new CustomEvent(data.type, { detail: data, bubbles: true }));
    }
  });

  window.quirkat = { mount: mount, scan: scan };
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', function () { scan(); });
  } else {
    scan();
  }
})();
