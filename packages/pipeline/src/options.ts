// The option table alone (runtime-free, as in ./core): for surfaces that read it without loading a stage.
export {
  OPTION_TABLE,
  type OptionApi,
  type OptionCommand,
  type OptionField,
  type OptionFlag,
  type OptionKind,
  type OptionRow,
  type OptionTool,
  optionKeysOf,
  optionRow,
  readOptionValue,
} from './preset/option-table';
