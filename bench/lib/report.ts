import type { BenchReport } from './results';

const number = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/** The report as Markdown: a table per question and group, machine facts on top. */
export function renderMarkdown(report: BenchReport): string {
  const lines = [
    `# Benchmark results${report.quick ? ' (quick mode: small inputs, not for comparison)' : ''}`,
    '',
    `${report.date} · Node ${report.node} · ${report.cpu} · ${report.cores} cores · ${report.memoryGiB} GiB`,
    '',
    'Ratios compare each contender with the group baseline measured in the same run, interleaved:',
    "the median over rounds of the baseline's time over the contender's in that round;",
    'MB/s is 10^6 bytes per second (median of the runs, then min–max). Peak RSS growth is measured',
    'in a process of its own, above the RSS after the input was built.',
  ];
  for (const question of report.questions) {
    lines.push('', `## ${question.title}`, '', `\`${question.file}\``);
    for (const group of question.groups) {
      lines.push(
        '',
        `### ${group.name} (${(group.inputBytes / 2 ** 20).toFixed(1)} MiB, baseline: ${group.baseline})`,
        '',
      );
      lines.push('| contender | MB/s median | min–max | ratio to baseline | peak RSS growth | correctness |');
      lines.push('| --- | ---: | ---: | ---: | ---: | --- |');
      for (const contender of group.contenders) {
        const rss = contender.peakRssGrowthMiB === null ? 'n/a' : `${number(contender.peakRssGrowthMiB)} MiB`;
        lines.push(
          `| ${contender.name} | ${number(contender.medianMBps)} | ${number(contender.minMBps)}–${number(contender.maxMBps)} | ${number(contender.ratio, 2)}× | ${rss} | ${contender.correctness} |`,
        );
      }
      for (const target of group.targets) {
        const { ratioQuartiles: quartiles, ratioOfMedians } = target;
        const spread =
          quartiles && ratioOfMedians !== undefined
            ? ` (rounds' quartiles ${number(quartiles[0], 2)}–${number(quartiles[1], 2)}×; ratio of medians ${number(ratioOfMedians, 2)}×)`
            : '';
        lines.push(
          '',
          `Target: ${target.contender} ≥ ${number(target.minRatio, 2)}× ${group.baseline}: measured ${number(target.ratio, 2)}×${spread} — **${target.met ? 'met' : 'missed'}**${!target.met && target.limitedBy ? `. What limits it: ${target.limitedBy}` : ''}`,
        );
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A horizontal bar chart of every ratio, one bar per contender, grouped by question and input. */
export function renderSvg(report: BenchReport): string {
  const rows: { label: string; ratio: number; heading: boolean }[] = [];
  for (const question of report.questions) {
    for (const group of question.groups) {
      rows.push({ label: `${question.id}: ${group.name} (vs ${group.baseline})`, ratio: 0, heading: true });
      for (const contender of group.contenders)
        rows.push({ label: contender.name, ratio: contender.ratio, heading: false });
    }
  }
  // A log scale centred on 1×: ratios run from a few percent (a peer at its limit) to hundreds (PassThrough).
  const ratios = rows
    .filter((row) => !row.heading && Number.isFinite(row.ratio) && row.ratio > 0)
    .map((row) => row.ratio);
  const logMin = Math.log10(Math.min(0.1, ...ratios));
  const logMax = Math.log10(Math.max(10, ...ratios));
  const rowHeight = 20;
  const labelWidth = 300;
  const barWidth = 420;
  const xOf = (ratio: number) => labelWidth + ((Math.log10(ratio) - logMin) / (logMax - logMin)) * barWidth;
  const oneX = xOf(1);
  const height = rows.length * rowHeight + 40;
  const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = rows.map((row, index) => {
    const y = 30 + index * rowHeight;
    if (row.heading) return `<text x="4" y="${y + 14}" font-weight="bold">${escapeXml(row.label)}</text>`;
    const end = Number.isFinite(row.ratio) && row.ratio > 0 ? xOf(row.ratio) : oneX;
    const [left, right] = end >= oneX ? [oneX, end] : [end, oneX];
    return [
      `<text x="16" y="${y + 14}">${escapeXml(row.label)}</text>`,
      `<rect x="${left.toFixed(1)}" y="${y + 3}" width="${Math.max(0.5, right - left).toFixed(1)}" height="${rowHeight - 6}" fill="${row.ratio >= 1 ? '#3b7dd8' : '#d8893b'}"/>`,
      `<text x="${(Math.max(right, oneX) + 4).toFixed(1)}" y="${y + 14}">${number(row.ratio, 2)}×</text>`,
    ].join('');
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${labelWidth + barWidth + 80}" height="${height}" font-family="sans-serif" font-size="12">`,
    '<rect width="100%" height="100%" fill="white"/>',
    `<text x="4" y="18" font-size="14" font-weight="bold">Throughput ratio to each group's baseline (same run; log scale, 1× dashed)</text>`,
    ...body,
    `<line x1="${oneX}" y1="26" x2="${oneX}" y2="${height - 6}" stroke="#444" stroke-dasharray="4 3"/>`,
    '</svg>',
    '',
  ].join('\n');
}
