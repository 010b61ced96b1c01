/**
 * The axes the backtest report and the dashboard share, as script text to place inside a page's
 * own script (after uPlot): times in UTC whatever the browser's time zone, and y axes as wide as
 * their longest label. Plain ES5-style JavaScript without template literals, kept as text.
 */
export const UPLOT_AXES_SCRIPT = String.raw`
  var dpr = window.devicePixelRatio || 1;

  function utc(ts) {
    return uPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC');
  }

  // 24-hour UTC tick labels; the date is added below the first tick and where it changes.
  var day = '\n{YYYY}-{MM}-{DD}';
  var timeTicks = [
    [86400 * 365, '{YYYY}', null, null, null, null, null, null, 1],
    [86400 * 28, '{YYYY}-{MM}', null, null, null, null, null, null, 1],
    [86400, '{MM}-{DD}', '\n{YYYY}', null, null, null, null, null, 1],
    [3600, '{HH}:{mm}', day, null, day, null, null, null, 1],
    [60, '{HH}:{mm}', day, null, day, null, null, null, 1],
    [1, '{HH}:{mm}:{ss}', day, null, day, null, null, null, 1],
    [0.001, '{HH}:{mm}:{ss}.{fff}', day, null, day, null, null, null, 1],
  ];
  var timeValue = '{YYYY}-{MM}-{DD} {HH}:{mm}:{ss}.{fff}';
  // Room right of the plot for half the widest time label (09:31:00.000), centred on the last tick.
  var timePadding = [null, 48, null, null];

  // uPlot's default y axis is 50 px wide, too narrow for labels such as 30,020.5.
  function axisSize(u, values, axisIdx, cycleNum) {
    var axis = u.axes[axisIdx];
    if (cycleNum > 1) return axis._size;
    var size = axis.ticks.size + axis.gap;
    var longest = (values || []).reduce(function (a, v) {
      return v.length > a.length ? v : a;
    }, '');
    if (longest !== '') {
      u.ctx.font = axis.font[0];
      size += u.ctx.measureText(longest).width / dpr;
    }
    return Math.ceil(size) + 4;
  }
`;
