// Every dashboard page on a 390 px wide phone in the dark scheme (test/helpers/pages.ts says what is checked).
import { PHONE } from "../helpers/browser.ts";
import { everyPageTest } from "../helpers/pages.ts";

everyPageTest("phone-dark", { viewport: PHONE, colorScheme: "dark" });
