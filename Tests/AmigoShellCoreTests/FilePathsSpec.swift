import Foundation
import Testing
@testable import AmigoShellCore

/// File names typed at a prompt mean what they mean in a shell.
@Suite struct FilePathsSpec {
    @Test func aLeadingTildeIsTheHomeFolder() {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        #expect(FilePaths.expandingTilde("~/out.csv") == home + "/out.csv")
        #expect(FilePaths.expandingTilde("~") == home)
        #expect(FilePaths.expandingTilde("a/~/b") == "a/~/b")
        #expect(FilePaths.expandingTilde("~other/x") == "~other/x")
    }

    @Test func exportExpandsTheTildeOfItsFileName() throws {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        #expect(try CommandParser.parse("export csv ~/tracks.csv") == .export(format: .csv, path: home + "/tracks.csv"))
    }

    @Test func theManualPageListsEveryKeyCommandAndFilterLine() {
        let page = ManualPage(version: "9.9.9", synopsis: "amigo-shell [<database>]", options: "  --echo   Print SQL.").roff
        #expect(page.hasPrefix(".TH AMIGO\\-SHELL 1"))
        #expect(page.contains("amigo\\-shell 9.9.9"))
        for binding in KeyMap.bindings { #expect(page.contains(".B " + ManualPage.escape(binding.label)), "key \(binding.label)") }
        for command in CommandParser.help { #expect(page.contains(".B " + ManualPage.escape(command.usage)), "command \(command.usage)") }
        for line in HelpText.filterLanguage { #expect(page.contains(ManualPage.escape(line))) }
        #expect(page.contains("\\-\\-echo"))
        // No line of the page may start a roff request by accident.
        for line in page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(line.hasPrefix(".") && line.dropFirst().first?.isLetter == true, "\(line)")
        }
    }
}
