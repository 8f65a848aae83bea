// TrackPipe HTML report: pan and zoom of the maps, the scale bar, layer switches, the chart cursor that moves a
// marker along the route, and sortable tables. Plain JavaScript, no library: the page works offline.
"use strict";
(function () {
  function parseBox(text) {
    var v = text.trim().split(/[\s,]+/).map(Number);
    return { x: v[0], y: v[1], w: v[2], h: v[3] };
  }

  // The largest "nice" length (1, 2 or 5 times a power of ten) not above `metres`.
  function niceLength(metres) {
    var p = Math.pow(10, Math.floor(Math.log(metres) / Math.LN10));
    var f = metres / p;
    return (f >= 5 ? 5 : f >= 2 ? 2 : 1) * p;
  }

  function lengthText(metres) {
    return metres >= 1000 ? (metres / 1000) + " km" : (metres >= 1 ? metres : metres.toFixed(1)) + " m";
  }

  function clockText(seconds) {
    var s = Math.max(0, Math.round(seconds));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    return (h > 0 ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (r < 10 ? "0" : "") + r;
  }

  function setUpMap(mapElement) {
    var svg = mapElement.querySelector("svg.map-svg");
    var fit = parseBox(svg.getAttribute("data-fit"));
    var box = parseBox(svg.getAttribute("viewBox"));
    var bar = mapElement.querySelector(".scale-bar i");
    var label = mapElement.querySelector(".scale-bar span");
    var minimumWidth = 5, maximumWidth = Math.max(fit.w, fit.h) * 20;

    // Metres per screen pixel: with `meet` the view's larger ratio decides.
    function metresPerPixel(b) {
      var r = svg.getBoundingClientRect();
      if (!r.width || !r.height) { return null; }
      return Math.max(b.w / r.width, b.h / r.height);
    }

    function update() {
      svg.setAttribute("viewBox", [box.x, box.y, box.w, box.h].join(" "));
      var mpp = metresPerPixel(box);
      if (!mpp) { return; }
      var length = niceLength(mpp * 120);
      bar.style.width = (length / mpp) + "px";
      label.textContent = lengthText(length);
    }

    function zoom(factor, cx, cy) {
      var size = Math.max(box.w, box.h) * factor;
      if (size < minimumWidth || size > maximumWidth) { return; }
      box = { x: cx - (cx - box.x) * factor, y: cy - (cy - box.y) * factor, w: box.w * factor, h: box.h * factor };
      update();
    }

    function toMap(clientX, clientY) {
      var point = svg.createSVGPoint();
      point.x = clientX;
      point.y = clientY;
      return point.matrixTransform(svg.getScreenCTM().inverse());
    }

    svg.addEventListener("wheel", function (event) {
      event.preventDefault();
      var p = toMap(event.clientX, event.clientY);
      zoom(event.deltaY < 0 ? 1 / 1.25 : 1.25, p.x, p.y);
    }, { passive: false });

    // Dragging pans; two pointers pinch-zoom (phones).
    var pointers = {}, drag = null, pinch = null;
    function pointerList() { return Object.keys(pointers).map(function (k) { return pointers[k]; }); }
    svg.addEventListener("pointerdown", function (event) {
      pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
      svg.setPointerCapture(event.pointerId);
      var list = pointerList();
      if (list.length === 1) {
        drag = { x: event.clientX, y: event.clientY, box: box };
      } else if (list.length === 2) {
        drag = null;
        pinch = { distance: Math.hypot(list[0].x - list[1].x, list[0].y - list[1].y) };
      }
    });
    svg.addEventListener("pointermove", function (event) {
      if (!pointers[event.pointerId]) { return; }
      pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
      var list = pointerList();
      if (pinch && list.length === 2) {
        var distance = Math.hypot(list[0].x - list[1].x, list[0].y - list[1].y);
        if (distance > 0 && pinch.distance > 0) {
          var centre = toMap((list[0].x + list[1].x) / 2, (list[0].y + list[1].y) / 2);
          zoom(pinch.distance / distance, centre.x, centre.y);
          pinch.distance = distance;
        }
      } else if (drag) {
        var mpp = metresPerPixel(drag.box);
        if (!mpp) { return; }
        box = { x: drag.box.x - (event.clientX - drag.x) * mpp, y: drag.box.y - (event.clientY - drag.y) * mpp,
                w: drag.box.w, h: drag.box.h };
        update();
      }
    });
    function release(event) {
      delete pointers[event.pointerId];
      if (pointerList().length < 2) { pinch = null; }
      drag = null;
    }
    svg.addEventListener("pointerup", release);
    svg.addEventListener("pointercancel", release);
    svg.addEventListener("dblclick", function () { box = fit; update(); });
    Array.prototype.forEach.call(mapElement.querySelectorAll("button[data-zoom]"), function (button) {
      button.addEventListener("click", function () {
        var kind = button.getAttribute("data-zoom");
        if (kind === "fit") { box = fit; update(); return; }
        zoom(kind === "in" ? 1 / 1.5 : 1.5, box.x + box.w / 2, box.y + box.h / 2);
      });
    });
    window.addEventListener("resize", update);
    update();
  }

  function setUpLayers(section) {
    Array.prototype.forEach.call(section.querySelectorAll("input[data-layer]"), function (input) {
      input.addEventListener("change", function () {
        var key = input.getAttribute("data-layer");
        Array.prototype.forEach.call(section.querySelectorAll("g[data-layer]"), function (group) {
          if (group.getAttribute("data-layer") === key) { group.style.display = input.checked ? "" : "none"; }
        });
      });
    });
  }

  // The chart cursor: the pointer's time on any chart marks that moment on every chart and the kept fix
  // nearest in time on the map.
  function setUpCursor(section) {
    var charts = section.querySelector(".charts");
    var dataElement = section.querySelector("script.cursor-data");
    if (!charts || !dataElement) { return; }
    var data = JSON.parse(dataElement.textContent);
    var duration = Number(charts.getAttribute("data-duration"));
    var marker = section.querySelector("path.cursor");
    var readout = charts.querySelector(".readout");
    var lines = charts.querySelectorAll("line.cursor-line");
    function nearest(t) {
      var lo = 0, hi = data.t.length - 1;
      if (hi < 0) { return -1; }
      while (lo < hi) {
        var mid = (lo + hi) >> 1;
        if (data.t[mid] < t) { lo = mid + 1; } else { hi = mid; }
      }
      if (lo > 0 && Math.abs(data.t[lo - 1] - t) <= Math.abs(data.t[lo] - t)) { lo -= 1; }
      return lo;
    }
    function show(fraction) {
      var t = fraction * duration;
      Array.prototype.forEach.call(lines, function (line) {
        line.setAttribute("x1", fraction * 1000);
        line.setAttribute("x2", fraction * 1000);
        line.setAttribute("visibility", "visible");
      });
      readout.textContent = clockText(t);
      var i = nearest(t);
      if (i >= 0 && marker) {
        marker.setAttribute("d", "M" + data.xy[2 * i] + " " + data.xy[2 * i + 1] + "h0");
        marker.setAttribute("visibility", "visible");
      }
    }
    function hide() {
      Array.prototype.forEach.call(lines, function (line) { line.setAttribute("visibility", "hidden"); });
      if (marker) { marker.setAttribute("visibility", "hidden"); }
      readout.textContent = "";
    }
    Array.prototype.forEach.call(charts.querySelectorAll("svg.chart-svg"), function (svg) {
      svg.addEventListener("pointermove", function (event) {
        var r = svg.getBoundingClientRect();
        if (r.width > 0) { show(Math.min(Math.max((event.clientX - r.left) / r.width, 0), 1)); }
      });
      svg.addEventListener("pointerleave", hide);
    });
  }

  function setUpSorting(table) {
    var headers = table.querySelectorAll("thead th");
    Array.prototype.forEach.call(headers, function (header, column) {
      header.addEventListener("click", function () {
        var ascending = header.getAttribute("aria-sort") !== "ascending";
        Array.prototype.forEach.call(headers, function (h) { h.removeAttribute("aria-sort"); });
        header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        function key(row) {
          var cell = row.cells[column];
          var sort = cell && cell.getAttribute("data-sort");
          return sort === null || sort === undefined ? { number: null, text: cell ? cell.textContent : "" } : { number: Number(sort), text: "" };
        }
        rows.sort(function (a, b) {
          var ka = key(a), kb = key(b), order;
          if (ka.number !== null && kb.number !== null) { order = ka.number - kb.number; }
          else if (ka.number !== null) { return -1; }
          else if (kb.number !== null) { return 1; }
          else { order = ka.text < kb.text ? -1 : ka.text > kb.text ? 1 : 0; }
          return ascending ? order : -order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll(".map"), setUpMap);
  Array.prototype.forEach.call(document.querySelectorAll("section"), function (section) {
    setUpLayers(section);
    setUpCursor(section);
  });
  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), setUpSorting);
}());
