// Inserted at the top of a TrackPipe HTML report by the browser test (Tests/trackpipeTests/HTMLReportBrowserTests):
// records every script error, console error and Content-Security-Policy violation, then, after the page's own
// script has run, measures what the browser drew and works the controls, and writes the findings as JSON into
// a pre element with the id report-check, for `chromium --dump-dom` to print. It reads the drawn DOM, not the report's data.
"use strict";
(function () {
  var errors = [];
  window.addEventListener("error", function (event) { errors.push("error: " + event.message); });
  document.addEventListener("securitypolicyviolation", function (event) {
    errors.push("content security policy: " + event.violatedDirective + " blocked " + event.blockedURI);
  });
  var consoleError = console.error;
  console.error = function () {
    errors.push("console.error: " + Array.prototype.join.call(arguments, " "));
    consoleError.apply(console, arguments);
  };

  function box(text) { var v = text.trim().split(/[\s,]+/).map(Number); return { x: v[0], y: v[1], w: v[2], h: v[3] }; }

  function measure(svg) {
    // Vertices of the drawn lines per line (the run's route, or each compared pipeline): per segment, the
    // polylines chain, so their shared ends count once; a one-fix segment is a dot.
    var parts = {};
    Array.prototype.forEach.call(svg.querySelectorAll("polyline.route, polyline.line, path.route-dot, path.line-dot"), function (element) {
      var key = element.getAttribute("data-pipeline") || "route";
      var segment = element.getAttribute("data-segment");
      parts[key] = parts[key] || {};
      var s = parts[key][segment] || (parts[key][segment] = { points: 0, lines: 0 });
      s.points += element.tagName === "polyline" ? element.points.numberOfItems : 1;
      s.lines += 1;
    });
    var vertices = {};
    Object.keys(parts).forEach(function (key) {
      vertices[key] = 0;
      Object.keys(parts[key]).forEach(function (segment) { vertices[key] += parts[key][segment].points - (parts[key][segment].lines - 1); });
    });
    // The extent of everything drawn (geometry, without stroke widths), in map units.
    var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    Array.prototype.forEach.call(svg.querySelectorAll("g[data-layer] > *"), function (element) {
      var b = element.getBBox();
      x0 = Math.min(x0, b.x); y0 = Math.min(y0, b.y); x1 = Math.max(x1, b.x + b.width); y1 = Math.max(y1, b.y + b.height);
    });
    // About 40 vertices of the drawn route, in map units, for the screenshot check.
    var samples = [];
    var lines = svg.querySelectorAll("polyline.route, polyline.line");
    var total = 0;
    Array.prototype.forEach.call(lines, function (line) { total += line.points.numberOfItems; });
    var every = Math.max(1, Math.floor(total / 40)), n = 0;
    Array.prototype.forEach.call(lines, function (line) {
      for (var i = 0; i < line.points.numberOfItems; i += 1, n += 1) {
        if (n % every !== 0) { continue; }
        var p = line.points.getItem(i);
        samples.push([p.x, p.y]);
      }
    });
    var drops = svg.querySelectorAll("path.drop");
    var titled = Array.prototype.filter.call(drops, function (d) {
      var t = d.querySelector("title");
      return t && t.textContent.indexOf(d.getAttribute("data-rule")) >= 0;
    }).length;
    return {
      vertices: vertices, drops: drops.length, dropsWithReason: titled,
      extent: isFinite(x0) ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : null, fit: box(svg.getAttribute("data-fit")),
      padding: Number(svg.getAttribute("data-padding")), samples: samples
    };
  }

  // Works the first map's controls and the first chart; reports what changed.
  function interact() {
    var out = {};
    var svg = document.querySelector("svg.map-svg");
    if (!svg) { return out; }
    var r = svg.getBoundingClientRect();
    var before = box(svg.getAttribute("viewBox"));
    svg.dispatchEvent(new WheelEvent("wheel", { deltaY: -100, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true, cancelable: true }));
    out.zoomedWidthRatio = box(svg.getAttribute("viewBox")).w / before.w;
    var fit = svg.parentNode.querySelector("button[data-zoom=fit]");
    fit.click();
    out.fitRestored = svg.getAttribute("viewBox") === svg.getAttribute("data-fit").split(/\s+/).map(Number).join(" ");
    out.scaleBar = svg.parentNode.querySelector(".scale-bar span").textContent;
    var section = svg.closest("section");
    var toggle = section.querySelector("input[data-layer]");
    if (toggle) {
      toggle.click();
      var group = section.querySelector("g[data-layer='" + toggle.getAttribute("data-layer") + "']");
      out.toggleHides = getComputedStyle(group).display === "none";
      toggle.click();
      out.toggleShows = getComputedStyle(group).display !== "none";
    }
    var chart = section.querySelector("svg.chart-svg");
    if (chart) {
      var c = chart.getBoundingClientRect();
      chart.dispatchEvent(new PointerEvent("pointermove", { clientX: c.left + c.width / 2, clientY: c.top + c.height / 2, bubbles: true }));
      var cursor = section.querySelector("path.cursor");
      out.cursorShown = cursor.getAttribute("visibility") === "visible" && cursor.getAttribute("d") !== "M0 0h0";
      out.readout = section.querySelector(".readout").textContent;
    }
    var table = document.querySelector("table.sortable");
    if (table) {
      var header = table.querySelectorAll("thead th")[4];
      header.click();
      var values = Array.prototype.map.call(table.tBodies[0].rows, function (row) { return row.cells[4].getAttribute("data-sort"); })
        .filter(function (v) { return v !== null; }).map(Number);
      out.sortedAscending = values.every(function (v, i) { return i === 0 || values[i - 1] <= v; });
      out.sortedCount = values.length;
    }
    return out;
  }

  window.addEventListener("load", function () {
    var maps = Array.prototype.map.call(document.querySelectorAll("svg.map-svg"), measure);
    var interaction = interact();
    var pre = document.createElement("pre");
    pre.id = "report-check";
    pre.textContent = JSON.stringify({ errors: errors, maps: maps, interaction: interaction });
    document.body.appendChild(pre);
  });
}());
