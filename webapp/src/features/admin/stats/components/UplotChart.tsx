import { useEffect, useRef, useState } from "react";
import type uPlot from "uplot";
import { t } from "../../../../lib/i18n";

/** The chart library arrives when a chart is first drawn: only the statistics page ever asks for it. */
const loadUplot = () => import("../charts/uplot").then((module) => module.default);

/** The theme's colours as the canvas needs them (it cannot read CSS variables itself). */
export interface ChartColors {
  text: string;
  hint: string;
  grid: string;
  accent: string;
  amber: string;
}

function colorsOf(element: HTMLElement): ChartColors {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: read("--text", "#e8efea"),
    hint: read("--hint", "#94a299"),
    grid: read("--border", "#24322b"),
    accent: read("--accent", "#3fbf7a"),
    amber: read("--amber-text", "#f4c968"),
  };
}

interface UplotChartProps {
  /** What the chart shows, for screen readers (the figures themselves are in the page's tables). */
  label: string;
  height: number;
  data: uPlot.AlignedData;
  /** The chart's options for a width, in the theme's colours; `library` gives uPlot's own helpers (bar paths). */
  options: (width: number, colors: ChartColors, library: typeof uPlot) => Omit<uPlot.Options, "width" | "height">;
  testId: string;
}

/** One uPlot chart, as wide as its box, drawn again when the data or the box's width changes. */
export function UplotChart({ label, height, data, options, testId }: UplotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [library, setLibrary] = useState<typeof uPlot | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadUplot().then(
      (loaded) => live && setLibrary(() => loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = box.current;
    if (!element || !library || width === 0) return;
    const plot = new library({ ...options(width, colorsOf(element), library), width, height }, data, element);
    return () => plot.destroy();
  }, [library, width, height, data, options]);

  return (
    <div className="stats-chart" role="img" aria-label={label} data-testid={testId} data-ready={library && width > 0 ? "true" : "false"}>
      <div ref={box} className="stats-chart__canvas" style={{ minHeight: height }}>
        {failed && <p className="stats-chart__failed">{t("staff.stats.chartFailed")}</p>}
      </div>
    </div>
  );
}
