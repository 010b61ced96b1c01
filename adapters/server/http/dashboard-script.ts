/**
 * The dashboard's own script: asks for the API key (or takes it from the address's #key=
 * fragment, which `simex serve` prints and a browser never sends), lists the instruments, then reads
 * /v1/stream with fetch (the key goes in X-API-Key: EventSource cannot send headers) and draws
 * the book ladder, the depth chart, the trade tape and the last-price chart. Reconnects with
 * Last-Event-ID. Tables show the exact decimal strings; the charts plot them as floats.
 * Plain ES5-style JavaScript without template literals, kept as text.
 */
import { UPLOT_AXES_SCRIPT } from '../../output/uplot-axes.js';

export const DASHBOARD_SCRIPT = String.raw`(function () {
  'use strict';
  var LEVELS = 15;
  var TAPE = 50;
  var POINTS = 2000;
  var $ = function (id) { return document.getElementById(id); };
  var key = '';
  var symbol = '';
  var lastEventId = '';
  var controller = null;
  var bids = new Map();
  var asks = new Map();
  var trades = [];
  var prices = [[], []];
  var depthChart = null;
  var priceChart = null;
  var drawScheduled = false;
${UPLOT_AXES_SCRIPT}
  function status(text) { $('status').textContent = text; }

  function cell(row, text, className) {
    var td = document.createElement('td');
    td.textContent = text;
    if (className) td.className = className;
    row.appendChild(td);
  }

  function sorted(side, descending) {
    return Array.from(side.entries()).sort(function (a, b) {
      return descending ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0]);
    });
  }

  function drawLadder(bidLevels, askLevels) {
    var body = $('ladder').tBodies[0];
    body.textContent = '';
    askLevels.slice(0, LEVELS).reverse().forEach(function (level) {
      var row = body.insertRow();
      row.className = 'ask';
      cell(row, '');
      cell(row, level[0], 'price');
      cell(row, level[1]);
    });
    bidLevels.slice(0, LEVELS).forEach(function (level) {
      var row = body.insertRow();
      row.className = 'bid';
      cell(row, level[1]);
      cell(row, level[0], 'price');
      cell(row, '');
    });
  }

  function drawTape() {
    var body = $('tape').tBodies[0];
    body.textContent = '';
    trades.forEach(function (trade) {
      var row = body.insertRow();
      row.className = trade.side;
      row.setAttribute('data-trade-id', trade.trade_id);
      cell(row, trade.timestamp.slice(11, 23));
      cell(row, trade.side);
      cell(row, trade.price, 'price');
      cell(row, trade.size);
    });
    $('last-price').textContent = trades.length > 0 ? trades[0].price : '-';
  }

  function chart(id, series, scales, xAxis, padding) {
    var element = $(id);
    return new uPlot({
      width: element.clientWidth || 600,
      height: 260,
      tzDate: utc,
      padding: padding,
      series: series,
      scales: scales,
      axes: [xAxis, { size: axisSize }],
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
    }, [[], []].concat(series.length > 2 ? [[]] : []), element);
  }

  function cumulative(levels) {
    var total = 0;
    return levels.map(function (level) {
      total += Number(level[1]);
      return [Number(level[0]), total];
    });
  }

  function drawDepth(bidLevels, askLevels) {
    var bidDepth = cumulative(bidLevels.slice(0, 100)).reverse();
    var askDepth = cumulative(askLevels.slice(0, 100));
    var xs = [];
    var bidYs = [];
    var askYs = [];
    bidDepth.forEach(function (p) { xs.push(p[0]); bidYs.push(p[1]); askYs.push(null); });
    askDepth.forEach(function (p) { xs.push(p[0]); bidYs.push(null); askYs.push(p[1]); });
    depthChart = depthChart || chart('depth-chart', [
      { label: 'price' },
      { label: 'bids', stroke: '#1a7f37', fill: 'rgba(26,127,55,0.15)', paths: uPlot.paths.stepped({ align: 1 }) },
      { label: 'asks', stroke: '#cf222e', fill: 'rgba(207,34,46,0.15)', paths: uPlot.paths.stepped({ align: -1 }) },
    ], { x: { time: false } }, {}, null);
    depthChart.setData([xs, bidYs, askYs]);
  }

  // A flat series still gets a visible band around its price.
  function around(u, min, max) {
    var pad = Math.max((max - min) * 0.1, Math.abs(max) * 0.0005, 0.01);
    return [min - pad, max + pad];
  }

  // Trades at one instant still get a minute of time axis around them.
  function aroundTime(u, min, max) {
    return min === max && min !== null ? [min - 30, max + 30] : [min, max];
  }

  function drawPrices() {
    priceChart = priceChart || chart('price-chart', [
      { label: 'time (UTC)', value: timeValue },
      { label: 'last price', stroke: '#0969da', width: 1.5 },
    ], { x: { time: true, range: aroundTime }, y: { range: around } }, { values: timeTicks, space: 70 }, timePadding);
    priceChart.setData(prices);
  }

  function draw() {
    drawScheduled = false;
    var bidLevels = sorted(bids, true);
    var askLevels = sorted(asks, false);
    drawLadder(bidLevels, askLevels);
    drawTape();
    drawDepth(bidLevels, askLevels);
    drawPrices();
  }

  function scheduleDraw() {
    if (drawScheduled) return;
    drawScheduled = true;
    requestAnimationFrame(draw);
  }

  function addPrice(trade) {
    prices[0].push(Date.parse(trade.timestamp) / 1000);
    prices[1].push(Number(trade.price));
    if (prices[0].length > POINTS) { prices[0].shift(); prices[1].shift(); }
  }

  function onEvent(type, data) {
    if (type === 'snapshot') {
      bids = new Map(data.bids);
      asks = new Map(data.asks);
      trades = data.trades.slice(0, TAPE);
      prices = [[], []];
      data.trades.slice().reverse().forEach(addPrice);
    } else if (type === 'book') {
      var side = data.side === 'buy' ? bids : asks;
      if (Number(data.size) === 0) side.delete(data.price);
      else side.set(data.price, data.size);
    } else if (type === 'trade') {
      trades.unshift(data);
      if (trades.length > TAPE) trades.pop();
      addPrice(data);
    }
    scheduleDraw();
  }

  // One block of an event stream: id, event and data lines; comments (heartbeats) are skipped.
  function onBlock(block) {
    var type = 'message';
    var data = '';
    block.split('\n').forEach(function (line) {
      if (line.indexOf('id: ') === 0) lastEventId = line.slice(4);
      else if (line.indexOf('event: ') === 0) type = line.slice(7);
      else if (line.indexOf('data: ') === 0) data += line.slice(6);
    });
    if (data !== '') onEvent(type, JSON.parse(data));
  }

  function connect() {
    if (controller) controller.abort();
    controller = new AbortController();
    var headers = { 'X-API-Key': key, Accept: 'text/event-stream' };
    if (lastEventId !== '') headers['Last-Event-ID'] = lastEventId;
    var url = '/v1/stream?symbols=' + encodeURIComponent(symbol) + '&channels=trades,book';
    var mine = controller;
    fetch(url, { headers: headers, signal: mine.signal, cache: 'no-store' }).then(function (response) {
      if (!response.ok) {
        return response.json().then(function (body) {
          status('refused: ' + body.error.message);
          if (response.status === 401) { $('setup').hidden = false; return; }
          retry(mine);
        });
      }
      status('live: ' + symbol);
      var reader = response.body.getReader();
      var decoder = new TextDecoder();
      var buffer = '';
      function read() {
        return reader.read().then(function (chunk) {
          if (chunk.done) return retry(mine);
          buffer += decoder.decode(chunk.value, { stream: true });
          var end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            onBlock(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
          return read();
        });
      }
      return read();
    }).catch(function () { retry(mine); });
  }

  function retry(attempt) {
    if (attempt !== controller || attempt.signal.aborted) return;
    status('reconnecting...');
    setTimeout(function () { if (attempt === controller) connect(); }, 1000);
  }

  function start(event) {
    if (event) event.preventDefault();
    key = $('key').value.trim();
    fetch('/v1/instruments', { headers: { 'X-API-Key': key }, cache: 'no-store' })
      .then(function (response) { return response.json().then(function (body) { return [response, body]; }); })
      .then(function (answer) {
        if (!answer[0].ok) return status('refused: ' + answer[1].error.message);
        var select = $('symbol');
        select.textContent = '';
        answer[1].forEach(function (instrument) {
          var option = document.createElement('option');
          option.value = option.textContent = instrument.symbol;
          select.appendChild(option);
        });
        $('setup').hidden = true;
        $('market').hidden = false;
        watch(select.value);
      })
      .catch(function () { status('the server cannot be reached'); });
  }

  function watch(chosen) {
    symbol = chosen;
    lastEventId = '';
    connect();
  }

  // The key from an address such as http://127.0.0.1:8080/#key=..., then out of the address bar.
  function keyFromFragment() {
    var match = /^#key=([^&]+)$/.exec(window.location.hash);
    if (!match) return '';
    history.replaceState(null, '', window.location.pathname + window.location.search);
    try {
      return decodeURIComponent(match[1]);
    } catch (error) {
      return '';
    }
  }

  $('setup').addEventListener('submit', start);
  $('key').value = keyFromFragment();
  if ($('key').value !== '') start();
  $('symbol').addEventListener('change', function (event) { watch(event.target.value); });
  window.addEventListener('resize', function () {
    [depthChart, priceChart].forEach(function (u) {
      if (u) u.setSize({ width: u.root.parentNode.clientWidth, height: 260 });
    });
  });
})();
`;
