import { Providers } from "./providers";
import { AppRouter } from "./router";
import "./theme.css";

export function App() {
  return (
    <Providers>
      <AppRouter />
    </Providers>
  );
}
