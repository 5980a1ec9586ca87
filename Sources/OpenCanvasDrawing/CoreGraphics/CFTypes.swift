import Foundation

#if !canImport(Darwin)   // Apple platforms have Core Foundation itself
// Core Foundation's names for the Foundation types that Core Graphics' PDF API
// takes, so that `url as CFURL`, `data as CFMutableData` and
// `[kCGPDFContextTitle: "…"] as CFDictionary` compile unchanged. On Linux these
// are the toll-free-bridged Foundation classes themselves.
public typealias CFURL = NSURL
public typealias CFData = NSData
public typealias CFMutableData = NSMutableData
public typealias CFDictionary = NSDictionary
public typealias CFString = NSString
#endif
