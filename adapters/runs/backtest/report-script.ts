/**
 * The report page's own script: draws the charts of the `report-data` JSON block with uPlot
 * (inlined before it). Every chart shares one time axis: drag to zoom, wheel to zoom around the
 * cursor, shift-drag or middle-drag to pan, double-click to reset; hover shows the values.
 * Plain ES5-style JavaScript without template literals, kept as text.
 */
import { UPLOT_AXES_SCRIPT } from '../../output/uplot-axes.js';

export const REPORT_SCRIPT = String.raw`(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var charts = [];
  var ready = false;
  var syncing = false;

${UPLOT_AXES_SCRIPT}
  function valueOf(decimals) {
    return function (u, v) {
      return v == null ? '-' : v.toFixed(decimals);
    };
  }

  function withZero(u, min, max) {
    var lo = Math.min(0, min);
    var hi = Math.max(0, max);
    if (lo === hi) return [-1, 1];
    var pad = (hi - lo) * 0.05;
    return [lo < 0 ? lo - pad : 0, hi > 0 ? hi + pad : 0];
  }

  function zeroLine(u) {
    var y = Math.round(u.valToPos(0, 'y', true));
    var box = u.bbox;
    if (y < box.top || y > box.top + box.height) return;
    var ctx = u.ctx;
    ctx.save();
    ctx.strokeStyle = '#24292f';
    ctx.lineWidth = dpr;
    ctx.beginPath();
    ctx.moveTo(box.left, y);
    ctx.lineTo(box.left + box.width, y);
    ctx.stroke();
    ctx.restore();
  }

  // Markers: one triangle per 8 css pixels, at the mean value of the points there.
  function triangles(up) {
    return function (u, si, i0, i1) {
      var xs = u.data[0];
      var ys = u.data[si];
      var path = new Path2D();
      var r = 4.5 * dpr;
      var step = 8 * dpr;
      var bucket = null;
      var sum = 0;
      var n = 0;
      var bx = 0;
      function flush() {
        if (n === 0) return;
        var cy = u.valToPos(sum / n, 'y', true);
        var d = up ? r : -r;
        path.moveTo(bx, cy - d);
        path.lineTo(bx - r, cy + d);
        path.lineTo(bx + r, cy + d);
        path.closePath();
      }
      for (var i = i0; i <= i1; i++) {
        if (ys[i] == null) continue;
        var x = u.valToPos(xs[i], 'x', true);
        var b = Math.floor(x / step);
        if (b !== bucket) {
          flush();
          bucket = b;
          sum = 0;
          n = 0;
          bx = x;
        }
        sum += ys[i];
        n++;
      }
      flush();
      return { stroke: path, fill: path };
    };
  }

  function syncX(u, key) {
    if (key !== 'x' || !ready || syncing) return;
    syncing = true;
    charts.forEach(function (other) {
      if (other !== u) other.setScale('x', { min: u.scales.x.min, max: u.scales.x.max });
    });
    syncing = false;
  }

  function panAndWheel(u) {
    u.over.addEventListener(
      'wheel',
      function (e) {
        e.preventDefault();
        var min = u.scales.x.min;
        var max = u.scales.x.max;
        var at = u.posToVal(e.offsetX, 'x');
        var factor = e.deltaY < 0 ? 0.75 : 1 / 0.75;
        u.setScale('x', { min: at - (at - min) * factor, max: at + (max - at) * factor });
      },
      { passive: false },
    );
    u.root.querySelector('.u-wrap').addEventListener(
      'mousedown',
      function (e) {
        if (!e.shiftKey && e.button !== 1) return;
        e.preventDefault();
        e.stopPropagation();
        var x0 = e.clientX;
        var min0 = u.scales.x.min;
        var max0 = u.scales.x.max;
        var perPixel = ((max0 - min0) * dpr) / u.bbox.width;
        function move(m) {
          var dx = (m.clientX - x0) * perPixel;
          u.setScale('x', { min: min0 - dx, max: max0 - dx });
        }
        function up() {
          document.removeEventListener('mousemove', move);
          document.removeEventListener('mouseup', up);
        }
        document.addEventListener('mousemove', move);
        document.addEventListener('mouseup', up);
      },
      true,
    );
  }

  data.charts.forEach(function (chart) {
    var element = document.getElementById(chart.id);
    var grid = { stroke: '#d8dee4', width: 1 };
    var series = [{ label: 'time (UTC)', value: timeValue }];
    chart.series.forEach(function (s) {
      var options = {
        label: s.name,
        stroke: s.color,
        width: 1.5,
        spanGaps: true,
        value: valueOf(chart.decimals),
      };
      if (s.fill) {
        options.fill = s.fill;
        options.fillTo = 0;
      }
      if (s.marker) {
        options.paths = function () {
          return null;
        };
        options.points = {
          show: true,
          fill: s.color,
          stroke: s.color,
          width: 1,
          paths: triangles(s.marker === 'up'),
        };
      }
      series.push(options);
    });
    var options = {
      width: element.clientWidth,
      height: 300,
      tzDate: utc,
      padding: timePadding,
      series: series,
      scales: { x: { time: true }, y: chart.zero ? { range: withZero } : {} },
      axes: [
        { label: 'time (UTC)', labelSize: 20, values: timeTicks, grid: grid, ticks: grid },
        { size: axisSize, grid: grid, ticks: grid },
      ],
      cursor: { sync: { key: 'simex' }, drag: { x: true, y: false } },
      hooks: {
        init: [panAndWheel],
        setScale: [syncX],
        drawAxes: chart.zero ? [zeroLine] : [],
      },
    };
    var values = [chart.x].concat(
      chart.series.map(function (s) {
        return s.values;
      }),
    );
    charts.push(new uPlot(options, values, element));
  });
  ready = true;

  window.addEventListener('resize', function () {
    charts.forEach(function (u) {
      u.setSize({ width: u.root.parentNode.clientWidth, height: 300 });
    });
  });
})();
`;
