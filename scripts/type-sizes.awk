# Prints, per type declared in the Swift files given, its lines: the body of its top-level
# `class`/`struct`/`enum`/`actor` declaration plus the body of every top-level `extension` of it
# (a declaration starts at column 0 and ends at the next `}` at column 0). Used by check-layers.
match($0, /^(@[A-Za-z]+ +)*((public|package|internal|private|fileprivate|open|final) +)*(class|struct|enum|actor|extension) +[A-Za-z_][A-Za-z0-9_]*/) {
    decl = substr($0, RSTART, RLENGTH); n = split(decl, words, / +/); name = words[n]; start = FNR; open = 1
    if ($0 ~ /}[[:space:]]*$/ && $0 ~ /{/) { lines[name] += 1; open = 0 }
    next
}
open && /^}/ { lines[name] += FNR - start + 1; open = 0 }
END { for (t in lines) print lines[t], t }
