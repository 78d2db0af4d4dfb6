import Testing
@testable import AmigoTerminal

/// Ctrl-X Ctrl-E's editor: which command runs, and how the edited file comes back to a one-line prompt.
@Suite struct ExternalEditorTests {
    @Test("VISUAL, else EDITOR, else vi; blank values are not editors")
    func theEditorCommand() {
        #expect(ExternalEditor.command(environment: ["VISUAL": "code -w", "EDITOR": "nano"]) == "code -w")
        #expect(ExternalEditor.command(environment: ["VISUAL": " ", "EDITOR": "nano"]) == "nano")
        #expect(ExternalEditor.command(environment: [:]) == "vi")
    }

    @Test("lines are joined by spaces, -- comments dropped outside quotes, control characters left out")
    func theFileAsOneLine() {
        #expect(ExternalEditor.oneLine("sql SELECT Name\n  FROM Genre -- all of them\n WHERE Name <> 'a--b'\n")
                == "sql SELECT Name   FROM Genre   WHERE Name <> 'a--b'")
        #expect(ExternalEditor.oneLine("open \"Track--x\"\n") == "open \"Track--x\"")
        #expect(ExternalEditor.oneLine("sql SELECT '\u{1B}[2J'") == "sql SELECT '[2J'")
        #expect(ExternalEditor.oneLine("\n\n") == "")
    }

    @Test("the edited text comes back from a real editor run; a failing editor gives nil")
    func aRealRun() {
        #expect(ExternalEditor.edit("sql SELECT 1", environment: ["EDITOR": "sed -i s/1/2/"]) == "sql SELECT 2")
        #expect(ExternalEditor.edit("sql SELECT 1", environment: ["EDITOR": "false"]) == nil)
    }
}
