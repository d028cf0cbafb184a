import { BarChart } from '@mantine/charts';
import type { FeedbackReportFieldsFragment } from '../graphql/analytics.generated';
import { formatReportDay, tickInterval } from '../feedback-format';

/** Up and down votes per day, stacked; the same chart library and look as a bot's report. */
export function FeedbackChart({ perDay }: { perDay: FeedbackReportFieldsFragment['perDay'] }) {
  const data = perDay.map((d) => ({ day: formatReportDay(d.day), Up: d.up, Down: d.down }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="day"
      type="stacked"
      withLegend
      yAxisProps={{ allowDecimals: false }}
      xAxisProps={{ interval: tickInterval(data.length), minTickGap: 8 }}
      series={[
        { name: 'Up', label: 'Up votes', color: 'teal.6' },
        { name: 'Down', label: 'Down votes', color: 'red.6' },
      ]}
      aria-label="Votes per day, up and down"
    />
  );
}
