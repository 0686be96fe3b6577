// chart.js and react-chartjs-2 (~60 KB gzip), loaded the first time a chart is drawn (lazy-chart.tsx),
// never with a screen's first paint. Every controller, element and plugin the app's charts use is
// registered here, once.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartType,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Chart, type ChartProps } from 'react-chartjs-2';

ChartJS.register(
  BarController,
  LineController,
  CategoryScale,
  LinearScale,
  BarElement,
  LineElement,
  PointElement,
  Filler,
  Tooltip,
  Legend,
);

export default function ChartCanvas<T extends ChartType>(props: ChartProps<T>) {
  return <Chart {...(props as ChartProps)} />;
}
