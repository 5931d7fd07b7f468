import { lazyModule } from "../../../lib/lazyModule";
import { useOptionPickerStore } from "../stores/optionPickerStore";

/** The option picker sheet is a lazy chunk (lib/lazyModule.ts): home shows none until an option chip is tapped. */
const optionPicker = lazyModule(() => import("./OptionPicker"));

/** The option picker's place in the shell: the sheet, mounted once its chunk is there (idle, or when opened). */
export function LazyOptionPicker() {
  const module = optionPicker.use(useOptionPickerStore((state) => state.visible));
  return module ? <module.OptionPicker /> : null;
}
