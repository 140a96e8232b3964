# Bash completion for libhyph's commands: hyphenate, hyph-compile and hyph-store.
# Installed under each command's name in bash-completion's completions folder. It needs
# bash-completion (_init_completion, _filedir).
#
# The options come from the command's own --help, so they follow the program; language tags
# from `hyphenate --list-languages` (with the --patterns-dir folders already on the line, and
# HYPH_PATTERNS_DIR), filter names from `hyphenate --list-filters`. The hyphenate asked is the
# one beside the command being completed (build/tools/hyph-compile: build/tools/hyphenate),
# else the one on PATH.

# The hyphenate to ask for tags and filters, for the command $1.
_libhyph_hyphenate() {
  local command=${1/#\~/$HOME}
  if [[ ${command##*/} == hyphenate ]]; then
    printf '%s\n' "$command"
  elif [[ $command == */* && -x ${command%/*}/hyphenate ]]; then
    printf '%s\n' "${command%/*}/hyphenate"
  else
    printf '%s\n' hyphenate
  fi
}

# The long options the command $1 lists in --help (lines "  -l [ --language ] arg  ..." or
# "  --list-languages  ...").
_libhyph_options() {
  "${1/#\~/$HOME}" --help 2>/dev/null | sed -n -e 's/^  \(-[A-Za-z0-9] \[ \)\{0,1\}\(--[A-Za-z0-9][A-Za-z0-9-]*\).*/\2/p'
}

# The language tags hyphenate ($1) lists, searching the --patterns-dir folders of the words
# before the current one first, as the command will.
_libhyph_languages() {
  local hyphenate=$1 i dir
  local -a dirs=()
  for ((i = 1; i < cword; i++)); do
    dir=""
    if [[ ${words[i]} == --patterns-dir ]]; then
      dir=${words[i + 1]-}
      [[ $dir == = ]] && dir=${words[i + 2]-}
    elif [[ ${words[i]} == --patterns-dir=* ]]; then
      dir=${words[i]#--patterns-dir=}
    fi
    [[ -n $dir ]] && dirs+=(--patterns-dir "${dir/#\~/$HOME}")
  done
  "$hyphenate" --list-languages "${dirs[@]}" 2>/dev/null | awk 'NR > 1 { print $1 }'
}

_libhyph() {
  local cur prev words cword split
  _init_completion -s -n : || return  # -n : keeps hyphen:TAG one word
  local command=${words[0]}
  local hyphenate
  hyphenate=$(_libhyph_hyphenate "$command")

  case $prev in
    -l | --language)
      # hyphen:TAG and hyph-utf8:TAG hold a ':', which bash splits words at: complete the
      # whole tag and drop what is left of the colon (bash-completion's helper).
      COMPREPLY=($(compgen -W "$(_libhyph_languages "$hyphenate")" -- "$cur"))
      declare -F __ltrim_colon_completions >/dev/null && __ltrim_colon_completions "$cur"
      return ;;
    --patterns-dir)
      _filedir -d
      return ;;
    -p | --patterns | -e | --exceptions | --compiled | --dic | --exception-store | -o | --output | --check | --list)
      _filedir
      return ;;
    --letters)
      COMPREPLY=($(compgen -W 'patterns unicode' -- "$cur"))
      return ;;
    --normalize)
      COMPREPLY=($(compgen -W 'none nfc' -- "$cur"))
      return ;;
    --filter)
      COMPREPLY=($(compgen -W "$("$hyphenate" --list-filters 2>/dev/null)" -- "$cur"))
      return ;;
    -f | --format)
      COMPREPLY=($(compgen -W 'auto hyp tex tsv' -- "$cur"))
      return ;;
    -m | --marker | --left-min | --right-min | --uchyph | --fp-rate | --tag | --name | -j | --jobs)
      return ;;  # a value of the user's own
  esac
  $split && return  # --option=value of an option not known here

  # hyph-compile takes no operands: only options.
  if [[ $cur == -* || ${command##*/} == hyph-compile ]]; then
    COMPREPLY=($(compgen -W "$(_libhyph_options "$command")" -- "$cur"))
    return
  fi
  _filedir  # the text files of hyphenate, the inputs of hyph-store
}
complete -F _libhyph hyphenate hyph-compile hyph-store
