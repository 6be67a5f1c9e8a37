/*
 * Copyright 2026 The Skiff authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
// Live updates by polling: every two seconds the page is fetched again and each region marked data-live is
// replaced by its new rendering. The server escapes everything it renders, the parsed page runs no script
// (DOMParser documents never do) and the Content-Security-Policy forbids inline script anyway.
(function () {
  'use strict';
  var INTERVAL_MS = 2000;
  var live = document.getElementById('live');
  var busy = false;

  if (live) {
    live.checked = sessionStorage.getItem('skiff-live') !== 'off';
    live.addEventListener('change', function () {
      sessionStorage.setItem('skiff-live', live.checked ? 'on' : 'off');
    });
  }

  function focusedInside(region) {
    var active = document.activeElement;
    return active && active !== document.body && region.contains(active);
  }

  function refresh() {
    var regions = document.querySelectorAll('[data-live][id]');
    if (busy || regions.length === 0 || (live && !live.checked) || document.visibilityState === 'hidden') {
      return;
    }
    busy = true;
    fetch(window.location.href, {headers: {'X-Skiff-Live': '1'}, cache: 'no-store'})
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (text) {
        if (text === null) {
          return;
        }
        var fresh = new DOMParser().parseFromString(text, 'text/html');
        regions.forEach(function (region) {
          var next = fresh.getElementById(region.id);
          if (next && !focusedInside(region)) {
            region.replaceWith(document.importNode(next, true));
          }
        });
        document.documentElement.setAttribute('data-refreshed', String(Date.now()));
      })
      .catch(function () {
        // the broker stopped or restarts: try again at the next tick
      })
      .finally(function () {
        busy = false;
      });
  }

  window.setInterval(refresh, INTERVAL_MS);
})();
