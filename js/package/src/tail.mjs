
export { Hyphenator, UserDictionary, HyphenationError, FormatError, InvalidArgumentError, LoadError, FreedError, hyphenLanguage, hyphenLanguageAsync };
