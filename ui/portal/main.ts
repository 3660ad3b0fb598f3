// The consumer portal's entry (embeddable; credentials come from the fragment).
import "@fontsource-variable/inter/wght.css";
import "../lib/theme.css";
import { mount } from "svelte";
import App from "./App.svelte";

mount(App, { target: document.getElementById("app")! });
