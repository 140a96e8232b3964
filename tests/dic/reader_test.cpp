// The .dic reader's edge cases, as libhyphen 2.8.8 reads them, and its errors.
#include "dic/dictionary.h"
#include "dic/reader.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using hyph::dic::Dictionary;
using hyph::dic::read_dic;

namespace {

std::string hyphenated(const Dictionary& d, const std::string& word) {
  std::vector<char> hyphens(word.size() + 5), out(4 * word.size() + 64);
  std::vector<hyph::dic::Replacement> reps(word.size() + 1);
  d.hyphenate2(word, hyphens, out, reps);
  return out.data();
}

const hyph::dic::DicPattern* find(const hyph::dic::DicLevel& level, const std::string& letters) {
  const hyph::dic::DicPattern* found = nullptr;
  for (const auto& p : level.patterns)
    if (p.letters == letters) found = &p;
  return found;
}

}  // namespace

TEST_CASE("charset line, keywords and the implicit default level") {
  const auto parsed = read_dic("UTF-8\r\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 4\n% comment\n#ab1c\n", "t.dic");
  CHECK(parsed.utf8);
  CHECK(parsed.charset_name() == "UTF-8");
  CHECK_FALSE(parsed.explicit_nextlevel);
  // levels[0] is the default level libhyphen returns, with the file's minimums copied.
  CHECK(parsed.levels[0].lhmin == 1);
  CHECK(parsed.levels[0].rhmin == 4);
  CHECK(parsed.levels[0].clhmin == 1);
  CHECK(parsed.levels[0].crhmin == 4);
  CHECK(find(parsed.levels[0], "-") != nullptr);
  CHECK(find(parsed.levels[0], "\xe2\x80\x99") != nullptr);
  CHECK(parsed.levels[0].nohyphenl == 3);
  // '#' starts a pattern, '%' a comment.
  REQUIRE(find(parsed.levels[1], "#abc") != nullptr);
  CHECK(find(parsed.levels[1], "#abc")->digits == "10");  // leading zeros dropped, the trailing kept
  CHECK(parsed.levels[1].patterns.size() == 1);
}

TEST_CASE("8-bit default level and compound minimums default to 3") {
  const auto parsed = read_dic("ISO8859-1\na1b\n", "t.dic");
  CHECK_FALSE(parsed.utf8);
  CHECK(parsed.levels[0].clhmin == 3);
  CHECK(parsed.levels[0].crhmin == 3);
  CHECK(parsed.levels[0].nohyphen == std::string("'\0-\0", 4));
  CHECK(find(parsed.levels[0], "\xe2\x80\x93") == nullptr);
}

TEST_CASE("NEXTLEVEL: two levels, no default, a second NEXTLEVEL ends the file") {
  const auto parsed = read_dic("UTF-8\nNOHYPHEN x,y\nCOMPOUNDLEFTHYPHENMIN 2\n1a1\nNEXTLEVEL\nb1c\nNEXTLEVEL\nd1e\n", "t.dic");
  CHECK(parsed.explicit_nextlevel);
  CHECK(parsed.levels[0].clhmin == 2);
  CHECK(parsed.levels[0].crhmin == 0);
  CHECK(parsed.levels[0].nohyphen == std::string("x\0y\0", 4));
  CHECK(parsed.levels[0].nohyphenl == 1);
  CHECK(find(parsed.levels[1], "bc") != nullptr);
  CHECK(find(parsed.levels[1], "de") == nullptr);
}

TEST_CASE("non-standard patterns with and without start,cut") {
  const auto parsed = read_dic("UTF-8\nf1f/ff=f,1,2\n.as3szon/sz=sz,2,3\nc1k/k=k\n", "t.dic");
  const auto* ff = find(parsed.levels[1], "ff");
  REQUIRE(ff);
  CHECK(ff->has_replacement);
  CHECK(ff->replacement == "ff=f");
  CHECK(ff->index == 0);
  CHECK(ff->cut == 2);
  const auto* sz = find(parsed.levels[1], ".asszon");
  REQUIRE(sz);
  CHECK(sz->index == 1);  // the 2nd character after the '.', counted from 0
  CHECK(sz->cut == 3);
  const auto* ck = find(parsed.levels[1], "ck");
  REQUIRE(ck);
  CHECK(ck->replacement == "k=k");
  CHECK(ck->index == 0);
  CHECK(ck->cut == 3);  // strlen("c1k"): 2.8.8 counts the digit too
}

TEST_CASE("lines longer than 99 bytes are read in pieces, as fgets does") {
  // A comment of 150 bytes: its second piece is not a comment but a pattern.
  const std::string line = "%" + std::string(98, 'x') + "ab1cd" + std::string(46, ' ') + "\n";
  const auto parsed = read_dic("UTF-8\n" + line, "t.dic");
  CHECK(find(parsed.levels[1], "abcd") != nullptr);
}

TEST_CASE("a later pattern with the same letters replaces an earlier one") {
  const Dictionary d = Dictionary::from_bytes("UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\na1b\na2b\n", "t.dic");
  CHECK(hyphenated(d, "ab") == "ab");
  const Dictionary e = Dictionary::from_bytes("UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\na2b\na1b\n", "t.dic");
  CHECK(hyphenated(e, "ab") == "a=b");
}

TEST_CASE("suffix patterns are not merged as in TeX") {
  // TeX would break "abc" after 'a' (pattern "a1b" is in "xa1bc"'s reach); libhyphen only
  // applies the pattern of the longest state, "abc".
  const Dictionary d = Dictionary::from_bytes("UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\nb1c\nabc\n", "t.dic");
  CHECK(hyphenated(d, "abc") == "abc");
  CHECK(hyphenated(d, "xbc") == "xb=c");
}

TEST_CASE("non-standard hyphenation and HyphenDict's fields") {
  const Dictionary d = Dictionary::from_bytes("ISO8859-1\nLEFTHYPHENMIN 2\nRIGHTHYPHENMIN 2\nf1f/ff=f,1,2\n", "t.dic");
  CHECK(d.charset() == "ISO8859-1");
  CHECK_FALSE(d.utf8());
  CHECK(d.lhmin() == 2);
  CHECK(d.clhmin() == 2);
  REQUIRE(d.nohyphen() != nullptr);
  CHECK(d.nohyphenl() == 1);
  CHECK(hyphenated(d, "schiffahrt") == "schiff=fahrt");
  std::vector<char> hyphens(15), out(64);
  std::vector<hyph::dic::Replacement> reps(10);
  const auto o = d.hyphenate2("schiffahrt", hyphens, out, reps);
  CHECK(o.replacements);
  CHECK(reps[4].text == "ff=f");
  CHECK(reps[4].pos == 1);
  CHECK(reps[4].cut == 2);
}

TEST_CASE("errors: bytes invalid in the charset, with file:line:column") {
  try {
    read_dic("UTF-8\nab1c\nd\xC3x1e\n", "bad.dic");
    FAIL("no error");
  } catch (const hyph::ParseError& e) {
    CHECK(e.where().line == 3);
    CHECK(e.where().column == 2);
    CHECK(std::string(e.what()).find("bad.dic:3:2:") == 0);
  }
  try {
    read_dic("ISO8859-7\na1b\n\xAEx\n", "greek.dic");  // 0xAE is unassigned in ISO-8859-7
    FAIL("no error");
  } catch (const hyph::ParseError& e) {
    CHECK(e.where().line == 3);
    CHECK(e.where().column == 1);
  }
  CHECK_THROWS_AS(Dictionary::load("/nonexistent/hyph_xx.dic"), hyph::Error);
  CHECK_THROWS_AS(Dictionary::load("/"), hyph::Error);
}

TEST_CASE("whatever 2.8.8 loads, loads: empty files, unknown charsets, odd lines") {
  CHECK_NOTHROW(read_dic("", "empty.dic"));
  CHECK_NOTHROW(read_dic("NO-SUCH-CHARSET\n\xFF\xFE" "1\n", "x.dic"));
  CHECK_NOTHROW(read_dic("UTF-8\nNOHYPHEN\n/\n1/,,\n.\n5\n  x\n", "x.dic"));
  const Dictionary d = Dictionary::from_bytes("UTF-8\nNOHYPHEN", "x.dic");
  CHECK(hyphenated(d, "abc") == "abc");
}

TEST_CASE("what 2.8.8 loads without a word but is likely no dictionary is warned about") {
  const auto warnings_of = [](const std::string& bytes) {
    std::vector<std::string> out;
    for (const hyph::Warning& w : read_dic(bytes, "x.dic").warnings) out.push_back(w.message);
    return out;
  };
  // An unknown charset: read as 8-bit bytes, as 2.8.8 does (utf8 0), with the same patterns.
  const hyph::dic::ParsedDic unknown = read_dic("KOI-BOGUS\n1ba\n", "x.dic");
  CHECK(unknown.charset_name() == "KOI-BOGUS");
  CHECK_FALSE(unknown.utf8);
  CHECK(find(unknown.levels[1], "ba") != nullptr);
  REQUIRE(unknown.warnings.size() == 1);
  CHECK(unknown.warnings[0].where.line == 1);
  CHECK(unknown.warnings[0].where.column == 1);
  CHECK(unknown.warnings[0].message.starts_with("x.dic:1:1: unknown charset 'KOI-BOGUS' on the first line"));
  // A text file (the first line taken as its charset, no digits anywhere), an empty file,
  // a binary's bytes (shown as '?').
  CHECK(warnings_of("garbage\nhello world\n") ==
        std::vector<std::string>{"x.dic:1:1: unknown charset 'garbage' on the first line, which names the file's charset "
                                 "(UTF-8, ISO8859-1, ...): read as 8-bit bytes, as libhyphen does (text is spelled in ISO-8859-1)",
                                 "x.dic: no pattern with an odd digit (a break), such as 'a1b': this dictionary hyphenates nothing"});
  CHECK(warnings_of("").size() == 2);
  CHECK(warnings_of("").front().starts_with("x.dic:1:1: no charset on the first line"));
  CHECK(warnings_of("\x7f" "ELF\x02\n1a\n").front().starts_with("x.dic:1:1: unknown charset '?ELF?'"));
  // Even values alone break nothing; the implicit default level does not count.
  CHECK(warnings_of("UTF-8\na2b\n").size() == 1);
  CHECK(warnings_of("UTF-8\nNEXTLEVEL\na2b\n").size() == 1);
  // A dictionary: no warning (every installed one: test hyphen-example, cli-dic).
  CHECK(warnings_of("UTF-8\na1b\n").empty());
  CHECK(warnings_of("ISO8859-1\nLEFTHYPHENMIN 2\nNEXTLEVEL\n1-1\nNEXTLEVEL\n").empty());
  CHECK(warnings_of("ISO8859-2\n% only even values here\na2b\nNEXTLEVEL\nc3d\n").empty());
}

TEST_CASE("malformed replacements never crash") {
  const char* dicts[] = {
      "UTF-8\na1b/x=y,-100,100\n",  "UTF-8\na1b/x=y,100,-100\n", "UTF-8\n1a1b1/=,0,0\n",
      "UTF-8\n.a1b/xxxxxxxxxxxxxxxxxxxxxxxxxxxx=yyyyyyyyyyyyyyyyyyyyyyyy,1,1\n",
      "UTF-8\nNEXTLEVEL\na1b/x=y,1,9\nb1a/=,2,-3\n",
      "UTF-8\nb1a/aaaaaaaa=aaaaaaaa,1,1\nNEXTLEVEL\na1a\n",
  };
  for (const char* text : dicts) {
    const Dictionary d = Dictionary::from_bytes(text, "x.dic");
    for (const std::string word : {"ab", "abab", "ababababab", "ba", "baba1ab", "", "a"}) {
      std::vector<char> hyphens(word.size() + 5), out(4 * word.size() + 64);
      std::vector<hyph::dic::Replacement> reps(word.size() + 1);
      d.hyphenate2(word, hyphens, out, reps);
      d.hyphenate3(word, hyphens, out, reps, {1, 1, 1, 1});
      d.hyphenate3(word, hyphens, {}, {}, {1, 1, 1, 1});
      d.hyphenate(word, hyphens);
    }
  }
}

TEST_CASE("words between UTF-8 and the dictionary's charset") {
  const Dictionary latin2 = Dictionary::from_bytes("ISO8859-2\na1b\n", "t.dic");
  std::string bytes;
  REQUIRE(latin2.encode("\xc5\x82\xc3\xb3" "d\xc5\xba", bytes));  // "łódź"
  CHECK(bytes == "\xb3\xf3\x64\xbc");
  CHECK(latin2.decode(bytes) == "\xc5\x82\xc3\xb3" "d\xc5\xba");
  CHECK_FALSE(latin2.encode("\xe2\x82\xac", bytes));  // no euro sign in ISO-8859-2
  const Dictionary koi = Dictionary::from_bytes("KOI8-R\na1b\n", "t.dic");
  REQUIRE(koi.encode("\xd0\xb4\xd0\xb0", bytes));  // "да"
  CHECK(bytes == "\xc4\xc1");
  const Dictionary u = Dictionary::from_bytes("UTF-8\na1b\n", "t.dic");
  REQUIRE(u.encode("\xc3\xa9t\xc3\xa9", bytes));
  CHECK(bytes == "\xc3\xa9t\xc3\xa9");
  // A charset ICU does not know: 8-bit bytes, as 2.8.8 reads the file; text spelled in
  // ISO-8859-1, as decode() reads the bytes back (the reader warns about the charset).
  const Dictionary unknown = Dictionary::from_bytes("NO-SUCH-CHARSET\na1b\n", "t.dic");
  REQUIRE(unknown.encode("x\xc3\xa9", bytes));
  CHECK(bytes == "x\xe9");
  CHECK(unknown.decode(bytes) == "x\xc3\xa9");
  CHECK_FALSE(unknown.encode("\xe2\x82\xac", bytes));  // no euro sign in 8 bits
}
