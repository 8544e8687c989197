import type { PeriodSummary } from '@dcf/domain';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The completeness trend as a chart (its own lazy chunk: recharts is large). The chart is a picture for
 * sighted users; the table beside it (CompletenessTrendTable) carries the same figures for everyone.
 */
export default function CompletenessTrendChart({ periods }: { periods: readonly PeriodSummary[] }) {
  const data = periods.map((p) => ({
    name: p.name,
    'On time': p.counts.onTime,
    Late: p.counts.late,
    'Not received': p.counts.expected - p.counts.completed,
  }));
  return (
    <div className="dcf-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={data} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="name" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar dataKey="On time" stackId="returns" fill="#007f3b" />
          <Bar dataKey="Late" stackId="returns" fill="#ffb81c" />
          <Bar dataKey="Not received" stackId="returns" fill="#d5281b" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
