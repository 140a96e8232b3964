
module.exports = { Hyphenator, UserDictionary, HyphenationError, FormatError, InvalidArgumentError, LoadError, FreedError, hyphenLanguage, hyphenLanguageAsync };
