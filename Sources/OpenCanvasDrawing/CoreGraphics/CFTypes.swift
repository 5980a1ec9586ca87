import Foundation

#if !canImport(Darwin)   // Apple platforms have Core Foundation itself
// Core Foundation's names for the Foundation types that Core Graphics' PDF API
// takes, so that `url as CFURL`, `data as CFMutableData` and
// `[kCGPDFContextTitle: "…"] as CFDictionary` compile unchanged. On Linux these
// are the toll-free-bridged Foundation classes themselves.
/// Core Foundation's URL: Foundation's `NSURL` here.
public typealias CFURL = NSURL
/// Core Foundation's data: Foundation's `NSData` here.
public typealias CFData = NSData
/// Core Foundation's mutable data: Foundation's `NSMutableData` here.
public typealias CFMutableData = NSMutableData
/// Core Foundation's dictionary: Foundation's `NSDictionary` here.
public typealias CFDictionary = NSDictionary
/// Core Foundation's string: Foundation's `NSString` here.
public typealias CFString = NSString
#endif
