// Every portal page at 390 px, light and dark (test/helpers/portal-pages.ts says what is checked).
import { PHONE } from "../helpers/browser.ts";
import { everyPortalPageTest } from "../helpers/portal-pages.ts";

everyPortalPageTest("phone", PHONE);
