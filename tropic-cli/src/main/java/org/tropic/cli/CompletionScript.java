package org.tropic.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * Picocli's bash completion script for the command tree, with what it lacks: bash splits '--weights=unit' at the
 * '=' (COMP_WORDBREAKS), so its functions saw '=' as the option's value and offered files or nothing; and 'tropic
 * help' offered no command names. Its entry point is renamed and called from one that joins an option to the value
 * after its '=', and the help command's function is replaced by one that walks the tree.
 */
final class CompletionScript {
  private static final String ENTRY = "function _complete_tropic() {";
  private static final String RENAMED = "function _picocli_complete_tropic() {";

  private CompletionScript() {}

  static String of(CommandLine tree) {
    String script = AutoComplete.bash("tropic", tree);
    if (!script.contains(ENTRY)) {
      throw new IllegalStateException("picocli's script has no '" + ENTRY + "' to wrap");
    }
    return script.replace(ENTRY, RENAMED) + WRAPPER + helpFunction(tree);
  }

  private static final String WRAPPER = """

      # Bash splits '--opt=value' into '--opt' '=' 'value' (and '--opt=' leaves '=' as the current word): the words
      # are joined back to '--opt' 'value' so the functions above see the value after its option.
      function _complete_tropic() {
        local -a words=()
        local cword=0 i
        for (( i = 0; i < ${#COMP_WORDS[@]}; i++ )); do
          if [[ "${COMP_WORDS[i]}" == "=" ]] && (( i > 0 )) && [[ "${COMP_WORDS[i-1]}" == -* ]]; then
            if (( i == COMP_CWORD )); then cword=${#words[@]}; words+=(""); fi
            continue
          fi
          if (( i == COMP_CWORD )); then cword=${#words[@]}; fi
          words+=("${COMP_WORDS[i]}")
        done
        local -a COMP_WORDS=("${words[@]}")
        local COMP_CWORD=$cword
        if [[ "${COMP_WORDS[1]}" == help ]]; then _picocli_tropic_help; return $?; fi
        _picocli_complete_tropic
      }
      """;

  /** 'tropic help [COMMAND [SUBCOMMAND ...]]': the names under those already typed. */
  private static String helpFunction(CommandLine tree) {
    List<String> cases = new ArrayList<>();
    addCases(tree, "", cases);
    return """

        # 'tropic help' completes the names of the commands, and of the subcommands under those typed after it.
        function _picocli_tropic_help() {
          local curr_word=${COMP_WORDS[COMP_CWORD]}
          if [[ "${curr_word}" == -* ]]; then
            COMPREPLY=( $(compgen -W "-h --help" -- "${curr_word}") )
            return
          fi
          local typed="" i
          for (( i = 2; i < COMP_CWORD; i++ )); do typed="${typed} ${COMP_WORDS[i]}"; done
          local names=""
          case "${typed# }" in
        %s
          esac
          COMPREPLY=( $(compgen -W "${names}" -- "${curr_word}") )
        }
        """.formatted(String.join("\n", cases));
  }

  private static void addCases(CommandLine command, String typed, List<String> cases) {
    Map<String, CommandLine> subcommands = command.getSubcommands();
    if (subcommands.isEmpty()) {
      return;
    }
    cases.add("    '" + typed + "') names=\"" + String.join(" ", subcommands.keySet()) + "\" ;;");
    subcommands.forEach((name, sub) -> {
      if (!name.equals("help")) {
        addCases(sub, typed.isEmpty() ? name : typed + " " + name, cases);
      }
    });
  }
}
