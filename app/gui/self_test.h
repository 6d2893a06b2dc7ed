// `pelscope --self-test`: what an operator (or a package test) needs to know before
// blaming the network: versions, TLS, the platform plugin, writable directories, the keychain.
#pragma once

namespace pelscope {

// Prints one line per check to stdout and returns 0 when everything essential works
// (a TLS backend that can connect, writable config and data directories), 1 otherwise.
// The keychain and the system CA store only warn: passwords can be typed, CAs given
// with --cacert. Needs a QApplication; call it before the main event loop starts.
int runSelfTest();

} // namespace pelscope
