/// A gazetteer's bytes are not in TrackPipe's layout (`Scripts/make-gazetteer.py`): the compiled-in gazetteer
/// damaged in the build, or a file that is not one. Says what was found.
public enum GazetteerError: Error, Equatable, CustomStringConvertible {
    case damaged(String)

    public var description: String {
        switch self {
        case .damaged(let what): "the gazetteer is damaged: \(what)"
        }
    }
}
