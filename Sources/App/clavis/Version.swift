/// The version `clavis --version` prints.
let clavisVersion = "0.1.0"
