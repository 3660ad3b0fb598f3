// `svc completion bash|zsh|fish`: a completion script for the commands and options this build has, generated from
// the same command table the program parses with.
export interface CommandSpec {
  name: string;
  options: string[];
}

export function completionScript(shell: string, commands: CommandSpec[]): string | undefined {
  const names = commands.map((c) => c.name);
  const first = [...new Set(names.map((n) => n.split(" ")[0]!))];
  if (shell === "bash" || shell === "zsh") {
    const cases = commands.map((c) => `    "${c.name}") opts="${c.options.join(" ")}" ;;`).join("\n");
    const script = `# svc completion (${shell}); load with: source <(svc completion ${shell})
_svc_complete() {
  local cur words cmd opts
  cur="\${COMP_WORDS[COMP_CWORD]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=( $(compgen -W "${first.join(" ")}" -- "$cur") ); return
  fi
  cmd="\${COMP_WORDS[1]}"
  if [ "$COMP_CWORD" -eq 2 ] && [[ "$cur" != -* ]]; then
    COMPREPLY=( $(compgen -W "$(printf '%s\\n' ${names.map((n) => `"${n}"`).join(" ")} | awk -v c="$cmd" '$1 == c && NF > 1 { print $2 }')" -- "$cur") ); return
  fi
  [ -n "\${COMP_WORDS[2]}" ] && [[ "\${COMP_WORDS[2]}" != -* ]] && cmd="$cmd \${COMP_WORDS[2]}"
  case "$cmd" in
${cases}
    *) opts="" ;;
  esac
  COMPREPLY=( $(compgen -W "$opts --help" -- "$cur") )
}
`;
    return shell === "zsh"
      ? `autoload -U +X bashcompinit && bashcompinit\n${script}complete -F _svc_complete svc\n`
      : `${script}complete -F _svc_complete svc\n`;
  }
  if (shell === "fish") {
    const lines = [`# svc completion (fish); load with: svc completion fish | source`, `complete -c svc -f`];
    for (const word of first) lines.push(`complete -c svc -n '__fish_use_subcommand' -a '${word}'`);
    for (const c of commands) {
      const [head, sub] = c.name.split(" ");
      if (sub) lines.push(`complete -c svc -n '__fish_seen_subcommand_from ${head}' -a '${sub}'`);
      for (const option of c.options)
        lines.push(`complete -c svc -n '__fish_seen_subcommand_from ${head}' -l '${option.replace(/^--/, "")}'`);
    }
    return lines.join("\n") + "\n";
  }
  return undefined;
}
