// dist/cli.js: the `svc` command line program.
import "../cli/main.ts";
