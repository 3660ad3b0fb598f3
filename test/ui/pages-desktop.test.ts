// Every dashboard page at 1280×800 in the light scheme (test/helpers/pages.ts says what is checked).
import { DESKTOP } from "../helpers/browser.ts";
import { everyPageTest } from "../helpers/pages.ts";

everyPageTest("desktop", { viewport: DESKTOP });
