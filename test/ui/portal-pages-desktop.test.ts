// Every portal page at 1280×800, light and dark (test/helpers/portal-pages.ts says what is checked).
import { DESKTOP } from "../helpers/browser.ts";
import { everyPortalPageTest } from "../helpers/portal-pages.ts";

everyPortalPageTest("desktop", DESKTOP);
