/**
 * uPlot and its stylesheet, behind the statistics page's dynamic import: a chunk of its own that imports
 * nothing of the app, so it cannot make the bundler split the customer's entry (docs/webapp.md "Chunks").
 */
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export default uPlot;
