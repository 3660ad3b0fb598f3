// The dashboard's entry: bundled fonts and theme, then the app.
import "@fontsource-variable/inter/wght.css";
import "../lib/theme.css";
import { mount } from "svelte";
import App from "./App.svelte";

mount(App, { target: document.getElementById("app")! });
